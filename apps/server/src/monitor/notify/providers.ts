import type { NotifyChannel } from '@fieldhub/shared';

// the channels are the alarm calls' (packages/shared/src/contract/alarms.ts)
export { NOTIFY_CHANNELS, type NotifyChannel } from '@fieldhub/shared';

/**
 * Ways a notification leaves the platform. Each channel has one provider; the default provider
 * of every channel only records what it would send (notification_outbox, status 'recorded'), so a
 * platform without SMS, telephone or mail contracts still shows who would have been told what.
 */
/** One notification to one recipient (a phone number, an e-mail address or an account id). */
export interface OutgoingNotification {
  channel: NotifyChannel;
  recipient: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

export interface NotificationProvider {
  /** stored with each outbox row it handles */
  readonly name: string;
  /** records only: its rows are stored as 'recorded' and never dispatched */
  readonly recordsOnly: boolean;
  /** delivers one notification; a thrown error marks the attempt failed */
  send(n: OutgoingNotification): Promise<void>;
  close?(): Promise<void>;
}

/** The default provider: nothing is sent, the outbox row is the record. */
export const recordingProvider: NotificationProvider = {
  name: 'record',
  recordsOnly: true,
  async send() {
    // recorded by the outbox row itself
  },
};

/**
 * The provider of each channel. E-mail has no default: without a mail provider, alarms are not
 * e-mailed at all (e-mail is not one of the rule methods; it only accompanies `message`).
 */
export interface NotificationProviders {
  push: NotificationProvider;
  sms: NotificationProvider;
  phone: NotificationProvider;
  voice: NotificationProvider;
  email: NotificationProvider | null;
}

export function defaultProviders(overrides: Partial<NotificationProviders> = {}): NotificationProviders {
  return {
    push: recordingProvider,
    sms: recordingProvider,
    phone: recordingProvider,
    voice: recordingProvider,
    email: null,
    ...overrides,
  };
}

/** Whether any provider actually sends, so that a dispatcher is needed. */
export function anyProviderSends(p: NotificationProviders): boolean {
  return [p.push, p.sms, p.phone, p.voice, p.email].some((x) => x !== null && !x.recordsOnly);
}
