/**
 * One nodes7 connection behind promises. nodes7 batches the items of a read into as few PDUs as
 * the PLC allows and reconnects by itself; this wrapper instead gives each connection one life
 * (the driver opens a new one, with its own back-off, once this one is lost), learns the S7 return
 * code of each failed item, and keeps nodes7's parsing faults from escaping its socket handler.
 */
import NodeS7 from 'nodes7';
import { Err } from '@fieldhub/shared';
import { DriverError } from '../driver';
import { withDeadline } from '../opcua/reconnectGate';
import { isAddressReturn, repairReadResponse, s7ReturnToCode, S7_RETURN } from './s7Protocol';

export interface S7Endpoint {
  host: string;
  port: number;
  rack: number;
  slot: number;
  localTSAP: number;
  remoteTSAP: number;
  /** reply wait per packet, ms */
  timeoutMs: number;
}

/** What one read item gave: its data, or its catalogue code and whether it shared a request block. */
export type S7ReadOutcome =
  | { ok: true; data: number[] | boolean }
  | { ok: false; code: number; addressFault: boolean; merged: boolean };

const CONNECTED = 4;
/** The S7 return code nodes7 leaves in `errCode` of a failed item. */
const RETURN_CODE = /Invalid Response Code - (\d+)/;

export class S7Connection {
  readonly #plc: NodeS7;
  #polled = '';
  #broken: DriverError | null = null;
  #failPending: ((error: DriverError) => void) | null = null;

  private constructor(plc: NodeS7) {
    this.#plc = plc;
    const parse = plc.onResponse.bind(plc);
    // nodes7 looks its response handler up on each packet, so this wraps every later reply
    plc.onResponse = (data: Buffer) => {
      try {
        parse(repairReadResponse(data));
      } catch (error) {
        this.#fail(new DriverError(Err.lowerDeviceCommFault, `unreadable S7 reply: ${String(error)}`));
      }
    };
  }

  /** Connects (TCP, ISO-on-TCP, PDU negotiation); a failure is 1503. */
  static async open(endpoint: S7Endpoint): Promise<S7Connection> {
    const plc = new NodeS7({ silent: true });
    const connected = new Promise<void>((resolve, reject) => {
      plc.initiateConnection(
        {
          host: endpoint.host,
          port: endpoint.port,
          rack: endpoint.rack,
          slot: endpoint.slot,
          localTSAP: endpoint.localTSAP,
          remoteTSAP: endpoint.remoteTSAP,
          timeout: endpoint.timeoutMs,
        },
        (error) => (error === undefined ? resolve() : reject(error)),
      );
    });
    try {
      // TCP connect, ISO connect and PDU negotiation each wait up to the time-out
      await withDeadline(connected, endpoint.timeoutMs * 3 + 500, () => new Error('S7 connect timed out'));
    } catch (error) {
      plc.dropConnection(() => undefined);
      const reason = error instanceof Error ? error.message : JSON.stringify(error);
      throw new DriverError(
        Err.ipPortError,
        `cannot connect to ${endpoint.host}:${endpoint.port}: ${reason}`,
      );
    }
    return new S7Connection(plc);
  }

  /** Whether the connection can still carry requests. */
  get alive(): boolean {
    return this.#broken === null && this.#plc.isoConnectionState === CONNECTED;
  }

  /**
   * Reads the items in as few requests as nodes7 packs them. With `merge`, nodes7 also joins
   * adjacent items of an area into one block, so one bad address fails the whole block (the
   * outcome says `merged`); without, each item is asked on its own. Throws on a lost connection.
   */
  async read(addresses: readonly string[], merge: boolean): Promise<Map<string, S7ReadOutcome>> {
    this.#ensureAlive();
    const plc = this.#plc;
    const polled = `${merge}|${addresses.join(';')}`;
    if (polled !== this.#polled) {
      plc.doNotOptimize = !merge;
      plc.removeItems();
      plc.addItems([...addresses]);
      this.#polled = polled;
    }
    const values = await this.#exchange<Record<string, unknown>>((done) =>
      plc.readAllItems((_anythingBad, result) => done(result)),
    );
    const faults = this.#readFaults();
    const outcomes = new Map<string, S7ReadOutcome>();
    let timedOut = false;
    for (const address of addresses) {
      const value = values[address];
      if (isGood(value)) {
        outcomes.set(address, { ok: true, data: typeof value === 'number' ? [value] : value });
        continue;
      }
      // a bad value without a failed block: nodes7 had nothing to say about it
      const fault = faults.get(address) ?? { ...NO_REPLY, items: 1 };
      timedOut ||= fault.timedOut;
      outcomes.set(address, {
        ok: false,
        code: fault.code,
        addressFault: fault.addressFault,
        merged: fault.items > 1,
      });
    }
    this.#checkStillConnected(timedOut);
    return outcomes;
  }

  /** Writes one item; resolves null on success, else the catalogue code of the PLC's refusal. */
  async write(address: string, value: number[] | number | boolean): Promise<number | null> {
    this.#ensureAlive();
    const plc = this.#plc;
    let busy = false;
    const anythingBad = await this.#exchange<boolean>((done) => {
      // nodes7 refuses a write while another is in flight; the driver sends one at a time
      busy = plc.writeItems(address, value, done) !== 0;
      if (busy) done(true);
    });
    if (busy) return Err.lowerDeviceBusy;
    if (!anythingBad) return null;
    const returns = plc.writePacketArray.flatMap((packet) =>
      packet.itemList.map((item) => item.writeResponse),
    );
    const refusal = returns.find((code) => code !== undefined && code !== S7_RETURN.success);
    this.#checkStillConnected(refusal === undefined);
    return refusal === undefined ? Err.lowerDeviceTimeout : s7ReturnToCode(refusal, 'write');
  }

  /** Closes the connection; nodes7 will not reconnect it. */
  async close(): Promise<void> {
    this.#broken ??= new DriverError(Err.lowerDeviceCommFault, 'the S7 connection is closed');
    const dropped = new Promise<void>((resolve) => this.#plc.dropConnection(resolve));
    await withDeadline(dropped, 3000, () => new Error('drop timed out')).catch(() => undefined);
    this.#plc.connectionCleanup();
  }

  #ensureAlive(): void {
    if (this.#broken) throw this.#broken;
    if (this.#plc.isoConnectionState !== CONNECTED) {
      this.#broken = new DriverError(Err.lowerDeviceCommFault, 'the S7 connection was closed by the PLC');
      throw this.#broken;
    }
  }

  /** After an exchange with failures: a connection nodes7 has reset is lost for good. */
  #checkStillConnected(timedOut: boolean): void {
    if (this.#plc.isoConnectionState === CONNECTED && !this.#broken) return;
    const code = timedOut ? Err.lowerDeviceTimeout : Err.lowerDeviceCommFault;
    this.#broken ??= new DriverError(code, 'the S7 connection was lost');
    throw this.#broken;
  }

  /** One nodes7 call with a callback, as a promise that also ends when the connection fails. */
  async #exchange<T>(start: (done: (result: T) => void) => void): Promise<T> {
    const settled = new Promise<T>((resolve, reject) => {
      this.#failPending = reject;
      start(resolve);
    });
    // nodes7 times each packet out itself; this only guards against a callback that never comes
    const guard = () => new DriverError(Err.lowerDeviceTimeout, 'no S7 reply');
    try {
      return await withDeadline(settled, 60_000, guard);
    } catch (error) {
      if (error instanceof DriverError) this.#broken ??= error;
      throw error;
    } finally {
      this.#failPending = null;
    }
  }

  #fail(error: DriverError): void {
    this.#broken ??= error;
    this.#plc.connectionCleanup();
    this.#failPending?.(error);
  }

  /** Per item of the last read that failed: the fault of its block and how many items shared it. */
  #readFaults(): Map<string, ItemFault & { items: number }> {
    const faults = new Map<string, ItemFault & { items: number }>();
    for (const block of this.#plc.globalReadBlockList ?? []) {
      const failed = block.requestReference?.find((request) => !request.valid);
      if (!failed) continue;
      const fault = { ...faultOf(failed.errCode ?? ''), items: block.itemReference.length };
      for (const item of block.itemReference) faults.set(item.useraddr, fault);
    }
    return faults;
  }
}

interface ItemFault {
  code: number;
  addressFault: boolean;
  timedOut: boolean;
}

const NO_REPLY: ItemFault = { code: Err.lowerDeviceTimeout, addressFault: false, timedOut: true };

/** What nodes7's error text for a failed request item means. */
function faultOf(errCode: string): ItemFault {
  const returnCode = RETURN_CODE.exec(errCode)?.[1];
  if (returnCode !== undefined) {
    const code = Number(returnCode);
    return { code: s7ReturnToCode(code, 'read'), addressFault: isAddressReturn(code), timedOut: false };
  }
  if (/timeout/i.test(errCode)) return NO_REPLY;
  // a reply nodes7 could not take apart (length or transport size not as asked)
  return { code: Err.incompleteRead, addressFault: false, timedOut: false };
}

/** nodes7 puts a quality text ('BAD 255') where a failed item's value would be. */
function isGood(value: unknown): value is number | boolean | number[] {
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  return Array.isArray(value) && value.every((entry) => typeof entry === 'number');
}
