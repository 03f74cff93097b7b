/**
 * OPC UA status codes and client errors → catalogue codes (DESIGN.md §4: every field-bus fault
 * gets a code). Tables are keyed by status code name (`BadNodeIdUnknown`), which is how node-opcua
 * reports them both on a DataValue and inside the text of a thrown error.
 */
import { Err } from '@fieldhub/shared';

/** Faults of one node in a Read or Write, whichever operation it was. */
const NODE_FAULTS: Readonly<Record<string, number>> = {
  BadNodeIdUnknown: Err.variableNotFound,
  BadAttributeIdInvalid: Err.variableNotFound,
  BadNotFound: Err.variableNotFound,
  BadNodeIdInvalid: Err.addressError,
  BadIndexRangeInvalid: Err.addressError,
  BadTypeMismatch: Err.dataTypeError,
  BadDataTypeIdUnknown: Err.dataTypeError,
  BadDataEncodingUnsupported: Err.dataTypeError,
  BadOutOfRange: Err.valueOverLimit,
  BadTimeout: Err.lowerDeviceTimeout,
  BadRequestTimeout: Err.lowerDeviceTimeout,
  BadTooManyOperations: Err.lowerDeviceBusy,
  BadResourceUnavailable: Err.lowerDeviceBusy,
  BadServerTooBusy: Err.lowerDeviceBusy,
};

/** Faults that mean "you may not write this node". */
const WRITE_REFUSALS = new Set(['BadNotWritable', 'BadUserAccessDenied', 'BadWriteNotSupported']);

/**
 * Faults of the session or the connection under it: the request never reached the address space
 * and the driver must reconnect.
 */
const CONNECTION_FAULTS = new Set([
  'BadSessionIdInvalid',
  'BadSessionClosed',
  'BadSessionNotActivated',
  'BadSecureChannelIdInvalid',
  'BadSecureChannelClosed',
  'BadConnectionClosed',
  'BadCommunicationError',
  'BadServerNotConnected',
  'BadNotConnected',
  'BadServerHalted',
  'BadShutdown',
  'BadTcpInternalError',
  'BadNoCommunication',
]);

/** Faults of CreateSession/ActivateSession or of the secure channel's security handshake. */
const AUTH_FAULTS = new Set([
  'BadUserAccessDenied',
  'BadIdentityTokenInvalid',
  'BadIdentityTokenRejected',
  'BadUserSignatureInvalid',
  'BadSecurityChecksFailed',
  'BadSecurityPolicyRejected',
  'BadSecurityModeRejected',
  'BadCertificateInvalid',
  'BadCertificateUntrusted',
  'BadCertificateRevoked',
  'BadCertificateTimeInvalid',
  'BadCertificateUriInvalid',
  'BadCertificateUseNotAllowed',
  'BadCertificateHostNameInvalid',
  'BadNoValidCertificates',
]);

/** The catalogue code of a bad status (by name) on a node of a Read (`read`) or a Write (`write`). */
export function nodeStatusToCode(name: string, operation: 'read' | 'write'): number {
  if (operation === 'write' && WRITE_REFUSALS.has(name)) return Err.variableReadOnly;
  // Not readable, a device behind the server that failed, waiting for data: the device's fault.
  return NODE_FAULTS[name] ?? Err.lowerDeviceFault;
}

/** The first `Bad...` status code name in a node-opcua error's text, if any. */
export function statusNameIn(error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  return /\b(Bad[A-Za-z0-9]+)\b/.exec(text)?.[1] ?? null;
}

/**
 * Whether a failed service call means the connection is lost: a session or channel fault, or one
 * of node-opcua's own messages for a socket that went away.
 */
export function isConnectionError(error: unknown): boolean {
  const name = statusNameIn(error);
  if (name !== null) return CONNECTION_FAULTS.has(name);
  const text = error instanceof Error ? error.message : String(error);
  return /closed|terminat|disconnect|not connected|socket|ECONN|EPIPE|timed? ?out|abort/i.test(text);
}

/**
 * The catalogue code of a failed connect or session creation: refused credentials or
 * certificates give 1342, a server that cannot be reached or does not answer gives 1503.
 */
export function connectErrorToCode(error: unknown): number {
  const name = statusNameIn(error);
  if (name !== null && AUTH_FAULTS.has(name)) return Err.gatewayAuthFailed;
  const text = error instanceof Error ? error.message : String(error);
  // node-opcua's own refusal when the endpoint offers no token policy for the configured mode
  if (/user token policy|identity token|password|certificate/i.test(text)) return Err.gatewayAuthFailed;
  return Err.ipPortError;
}
