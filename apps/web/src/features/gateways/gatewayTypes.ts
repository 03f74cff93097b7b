import type { z } from 'zod';
import type {
  CallOutput,
  gatewayMqttView,
  gatewaysCalls,
  LanConfig,
  NETWORK_MODES,
  REMOTE_MODES,
} from '@fieldhub/shared';

export type NetworkMode = (typeof NETWORK_MODES)[number];
export type RemoteMode = (typeof REMOTE_MODES)[number];

/** A certificate or key file as the settings carry it: its name and base64 content. */
export interface CertificateFile {
  name: string;
  /** base64; empty for a stored private key, which the server never sends back */
  content: string;
}

/** The gateway's MQTT settings as the gateway list answers them (secrets masked). */
export type GatewayMqttView = z.output<typeof gatewayMqttView>;

/** A gateway bound to one of the enterprise's devices (`gatewaysCalls.list`). */
export type GatewayRow = CallOutput<typeof gatewaysCalls.list>['list'][number];

/** What one tab of the settings drawer saves; the server keeps every part left out. */
export interface GatewaySettingsPatch {
  networkMode?: NetworkMode;
  remoteMode?: RemoteMode;
  sleepDelayS?: number;
  lan?: LanConfig;
  mqtt?: Record<string, unknown>;
}
