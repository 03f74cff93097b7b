/**
 * The "sound" prompt of an alarm message (docs/requirements/messages.md §4.2): its text is spoken
 * alarmBroadcastTimes times, one alarm after the other, and the repetition stops as soon as the alarm was
 * handled (released or confirmed, asked of the server before each round) or the message was read here.
 */

/** One alarm to speak. */
export interface AlarmAnnouncement {
  messageId: number;
  /** the alarm record; without one only the read state can stop the repetition */
  alarmId: number | null;
  /** the device the alarm is about: reading the device's alarm messages silences it too */
  dataId: number | null;
  text: string;
  /** alarmBroadcastTimes of the message */
  times: number;
}

export interface AlarmAnnouncerDeps {
  /** speaks the text once; resolves when it has finished */
  play(text: string, signal: AbortSignal): Promise<void>;
  /** whether the alarm needs no more attention (a failed question counts as not handled) */
  isHandled(announcement: AlarmAnnouncement): Promise<boolean>;
  /** told before each round it speaks, with the round number from 1 */
  onRound?(announcement: AlarmAnnouncement, round: number): void;
}

/** Rounds to speak: alarmBroadcastTimes, at least once, at most 10 (the alarm rule's limit). */
export function broadcastRounds(times: number): number {
  if (!Number.isFinite(times)) return 1;
  return Math.min(10, Math.max(1, Math.floor(times)));
}

export class AlarmAnnouncer {
  private queue: AlarmAnnouncement[] = [];
  private readIds = new Set<number>();
  private current: { announcement: AlarmAnnouncement; abort: AbortController } | null = null;
  private running = false;
  private stopped = false;

  constructor(private readonly deps: AlarmAnnouncerDeps) {}

  /** Queues an alarm; it is spoken after the ones before it. */
  announce(announcement: AlarmAnnouncement): void {
    if (this.stopped) return;
    this.queue.push(announcement);
    if (!this.running) void this.drain();
  }

  /** The messages were read: their alarms are not spoken (again). */
  markRead(messageIds: Iterable<number>): void {
    const ids = new Set(messageIds);
    this.markReadWhere((a) => ids.has(a.messageId));
  }

  /** The messages these announcements came from were read (e.g. every alarm of one device). */
  markReadWhere(read: (a: AlarmAnnouncement) => boolean): void {
    const hit = [...this.queue, ...(this.current ? [this.current.announcement] : [])].filter(read);
    for (const a of hit) this.readIds.add(a.messageId);
    this.queue = this.queue.filter((a) => !this.readIds.has(a.messageId));
    if (this.current && this.readIds.has(this.current.announcement.messageId)) this.current.abort.abort();
  }

  /** Every message was read: silence now. */
  markAllRead(): void {
    this.markReadWhere(() => true);
  }

  /** Stops for good (the page is left or the user signs out). */
  stop(): void {
    this.stopped = true;
    this.queue = [];
    this.current?.abort.abort();
  }

  get busy(): boolean {
    return this.running;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let next = this.queue.shift(); next && !this.stopped; next = this.queue.shift())
        await this.speak(next);
    } finally {
      this.running = false;
    }
  }

  private async speak(a: AlarmAnnouncement): Promise<void> {
    const abort = new AbortController();
    this.current = { announcement: a, abort };
    try {
      for (let round = 1; round <= broadcastRounds(a.times); round++) {
        if (abort.signal.aborted || this.readIds.has(a.messageId)) return;
        const handled = a.alarmId === null ? false : await this.deps.isHandled(a).catch(() => false);
        if (handled || abort.signal.aborted || this.readIds.has(a.messageId)) return;
        this.deps.onRound?.(a, round);
        // a sound that cannot play is skipped, the next round tries again
        await this.deps.play(a.text, abort.signal).catch(() => undefined);
      }
    } finally {
      this.current = null;
    }
  }
}
