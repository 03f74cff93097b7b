import type {
  FirmwareUpgradeState,
  GatewayStatus,
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

/** The gateway's MQTT settings as `/lfscada/gateway/query` returns them (secrets masked). */
export interface GatewayMqttView {
  enabled?: boolean;
  clientId?: string;
  username?: string;
  /** '******' when a password is stored */
  password?: string;
  host?: string;
  port?: number;
  timeoutS?: number;
  keepAliveS?: number;
  auth?: 'none' | 'one-way' | 'mutual';
  rootCert?: CertificateFile;
  publicKey?: CertificateFile;
  privateKey?: CertificateFile;
  subscribeTopic?: string;
}

/** A gateway bound to one of the enterprise's devices (`/lfscada/gateway/query`). */
export interface GatewayRow {
  id: number;
  sn: string;
  series: string;
  model: string;
  firmware: string;
  equipmentId: number;
  equipmentName: string;
  networkMode: NetworkMode;
  /** the mode chosen last; the gateway switches after its next restart */
  pendingNetworkMode: NetworkMode | null;
  remoteMode: RemoteMode;
  status: GatewayStatus;
  signalStrength: number | null;
  lan: LanConfig;
  mqtt: GatewayMqttView;
  sleepDelayS: number | null;
  syncNeeded: boolean;
  lastSeenAt: string | null;
  /** the last firmware upgrade: its state, target version, download percent, failure code, time */
  otaState: FirmwareUpgradeState | null;
  otaVersion: string | null;
  otaPercent: number | null;
  otaCode: number | null;
  otaAt: string | null;
  /** the newest firmware package of the series, and whether it is newer than the gateway's */
  latestFirmware: string | null;
  upgradable: boolean;
}

/** What one tab of the settings drawer saves; the server keeps every part left out. */
export interface GatewaySettingsPatch {
  networkMode?: NetworkMode;
  remoteMode?: RemoteMode;
  sleepDelayS?: number;
  lan?: LanConfig;
  mqtt?: Record<string, unknown>;
}
