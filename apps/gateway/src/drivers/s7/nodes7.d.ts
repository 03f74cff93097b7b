/**
 * Types for nodes7 0.3.x, which ships none: the public API the S7 driver calls, plus the few
 * internals it reads to learn per-item S7 return codes (see s7Connection.ts for why).
 */
declare module 'nodes7' {
  interface NodeS7ConnectionParams {
    host: string;
    port?: number;
    rack?: number;
    slot?: number;
    /** TCP connect and per-packet time-out, ms */
    timeout?: number;
    localTSAP?: number;
    remoteTSAP?: number;
    doNotOptimize?: boolean;
  }

  type NodeS7Value = number | boolean | string | (number | boolean | string)[];

  /** One item of a request as nodes7 keeps it (internal). */
  interface NodeS7RequestItem {
    useraddr: string;
    /** false after a failed or missing reply */
    valid: boolean;
    /** why the item failed, e.g. 'Invalid Response Code - 10' or 'Timeout error - zero length packet' */
    errCode?: string;
    /** S7 return code of a written item (0xff success) */
    writeResponse?: number;
  }

  /** A block of adjacent items read together (internal); the block is its first item. */
  interface NodeS7ReadBlock extends NodeS7RequestItem {
    itemReference: NodeS7RequestItem[];
    requestReference: NodeS7RequestItem[];
  }

  class NodeS7 {
    constructor(options?: { silent?: boolean; debug?: boolean });
    initiateConnection(params: NodeS7ConnectionParams, callback: (error?: unknown) => void): void;
    dropConnection(callback: () => void): void;
    addItems(items: string | string[]): void;
    /** all items when called without an argument */
    removeItems(items?: string | string[]): void;
    readAllItems(callback: (anythingBad: boolean, values: Record<string, NodeS7Value>) => void): void;
    /** 1 when a write is still in progress and this one was not queued */
    writeItems(items: string | string[], values: unknown, callback: (anythingBad: boolean) => void): number;
    doNotOptimize: boolean;
    /** 0 closed, 1 TCP connecting, 2 ISO connecting, 3 negotiating the PDU, 4 connected */
    isoConnectionState: number;
    globalReadBlockList: NodeS7ReadBlock[];
    writePacketArray: { itemList: NodeS7RequestItem[] }[];
    onResponse(data: Buffer): void;
    connectionCleanup(): void;
  }

  export = NodeS7;
}
