/**
 * OPC UA node ids in their text form (OPC UA Part 6, 5.3.1.10): `ns=2;s=Line1.Speed`,
 * `ns=3;i=1001`, `ns=1;g=<guid>`, `ns=1;b=<base64>`, `i=2258` (namespace 0) and the expanded form
 * with a namespace URI, `nsu=urn:plant:line1;s=Speed`.
 */
import { type AddressResult, refuse } from './dataTypes';

/** i numeric, s string, g GUID, b opaque (bytes). */
export type OpcUaIdentifierType = 'numeric' | 'string' | 'guid' | 'opaque';

export interface OpcUaNodeId {
  /** Namespace index; 0 when neither `ns=` nor `nsu=` is given. Absent when `namespaceUri` is. */
  namespaceIndex?: number;
  /** Namespace URI of the expanded form `nsu=...`; the driver looks its index up on the server. */
  namespaceUri?: string;
  identifierType: OpcUaIdentifierType;
  /** A number for `i=`; the text after `s=`, `g=` or `b=` otherwise. */
  identifier: number | string;
}

/** Longest string identifier the OPC UA specification allows. */
export const OPCUA_STRING_ID_MAX = 4096;

const NODE_ID = /^(?:ns=(\d{1,5});|nsu=([^;]+);)?([isgb])=([\s\S]*)$/;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const TYPE_OF: Record<string, OpcUaIdentifierType> = { i: 'numeric', s: 'string', g: 'guid', b: 'opaque' };

const FORMAT_HINT = {
  zh: 'OPC UA 节点格式如 ns=2;s=Line1.Speed、ns=3;i=1001、i=2258 或 nsu=<URI>;s=Speed',
  en: 'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed',
};

/** Reads a node id. Surrounding spaces are ignored; everything after `s=` belongs to the identifier. */
export function parseOpcUaNodeId(address: string): AddressResult<OpcUaNodeId> {
  const match = NODE_ID.exec(address.trim());
  if (!match) return refuse('address', FORMAT_HINT.zh, FORMAT_HINT.en);
  const [, nsText, uri, typeLetter = '', idText = ''] = match;
  const identifierType = TYPE_OF[typeLetter] ?? 'string';
  const namespace: Pick<OpcUaNodeId, 'namespaceIndex' | 'namespaceUri'> =
    uri !== undefined ? { namespaceUri: uri } : { namespaceIndex: Number(nsText ?? 0) };
  if ((namespace.namespaceIndex ?? 0) > 65535) {
    return refuse('address', '命名空间索引须为 0-65535', 'The namespace index must be from 0 to 65535');
  }
  switch (identifierType) {
    case 'numeric': {
      const id = Number(idText);
      if (!/^\d{1,10}$/.test(idText) || id > 4294967295) {
        return refuse(
          'address',
          '数字标识（i=）须为 0-4294967295 的整数',
          'A numeric identifier (i=) must be a whole number from 0 to 4294967295',
        );
      }
      return { ok: true, value: { ...namespace, identifierType, identifier: id } };
    }
    case 'string':
      if (idText.length === 0 || idText.length > OPCUA_STRING_ID_MAX) {
        return refuse(
          'address',
          `字符串标识（s=）须为 1-${OPCUA_STRING_ID_MAX} 个字符`,
          `A string identifier (s=) must have 1 to ${OPCUA_STRING_ID_MAX} characters`,
        );
      }
      break;
    case 'guid':
      if (!GUID.test(idText)) {
        return refuse(
          'address',
          'GUID 标识（g=）格式应为 xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
          'A GUID identifier (g=) must look like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
        );
      }
      break;
    case 'opaque':
      if (idText.length === 0 || !BASE64.test(idText)) {
        return refuse(
          'address',
          '字节串标识（b=）须为 Base64 编码',
          'An opaque identifier (b=) must be Base64',
        );
      }
      break;
  }
  return { ok: true, value: { ...namespace, identifierType, identifier: idText } };
}
