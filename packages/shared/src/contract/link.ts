import { z } from 'zod';
import { commandTaskAnswerSchema } from '../commandPoll';
import { NETWORK_MODES, snSchema } from '../device/gateway';
import { formId, idListSchema } from '../validation/form';
import { defineCalls } from './define';

/** A command sent to a gateway: its task, whose outcome `linkCalls.callback` tells. */
const commandTask = z.object({ uuid: z.string() });

const byEquipment = z.object({ equipmentId: formId });
const bySn = z.object({ sn: snSchema });
const gatewayManage = { perm: 'gateway_manage' } as const;

/**
 * What an external MQTT broker's HTTP authentication (EMQX HTTP auth, Mosquitto auth plugins)
 * sends to ask whether a client may connect.
 */
export const mqttAuthSchema = z.object({
  username: z.string().max(100),
  password: z.string().max(200),
  clientid: z.string().max(100).optional(),
});
/** What the broker's ACL check sends to ask whether a client may publish or subscribe to a topic. */
export const mqttAclSchema = z.object({
  username: z.string().max(100),
  topic: z.string().max(500),
  action: z.enum(['publish', 'subscribe']),
});
/**
 * The broker's calls answer `{"result": "allow"}` with status 200 or `{"result": "deny"}` with 403,
 * the format the broker's HTTP authentication expects, not the envelope (only bad input is the
 * envelope, with 10001).
 */
const brokerVerdict = { output: z.object({ result: z.enum(['allow', 'deny']) }), answer: 'bare' } as const;

/**
 * Calls that reach gateways (docs/requirements/gateway-link.md §6, docs/requirements/monitoring.md
 * §6): each starts a task on the gateway and answers its uuid, which the browser polls with
 * `callback` on the shared schedule; and the HTTP authentication of an external MQTT broker.
 */
export const linkCalls = defineCalls('gateway-link', {
  sync: {
    path: '/lfscada/equipment/multi/sync',
    input: byEquipment,
    output: commandTask,
    access: { perm: 'equipment_manage' },
    summary: "Pushes the device's configuration to its gateway",
  },
  callback: {
    path: '/lfscada/equipment/multi/callback',
    input: z.object({ uuid: z.uuid() }),
    output: commandTaskAnswerSchema,
    summary: 'The outcome of a command task: still waiting, success with its data, or failure',
  },
  writeValue: {
    path: '/lfscada/monitor/multi/signal/writeVal',
    input: z.object({
      equipmentId: formId,
      signalId: formId,
      value: z.union([z.number(), z.boolean(), z.string().max(1024)]),
    }),
    output: commandTask,
    access: { perm: 'monitor_view' },
    summary: 'Writes a value to a variable through the gateway (needs monitor_write too)',
  },
  readValues: {
    path: '/lfscada/monitor/multi/signal/readVal',
    input: z.object({ equipmentId: formId, signalIds: idListSchema(500) }),
    output: commandTask,
    access: { perm: 'monitor_view' },
    summary: 'Reads some variables of the device afresh through the gateway',
  },
  restart: {
    path: '/lfscada/gateway/restart',
    input: bySn,
    output: commandTask,
    access: gatewayManage,
    summary: 'Restarts the gateway',
  },
  networkMode: {
    path: '/lfscada/gateway/mode',
    input: bySn.extend({ networkMode: z.enum(NETWORK_MODES) }),
    output: commandTask,
    access: gatewayManage,
    summary: "Changes the gateway's network mode (in effect after it restarts)",
  },
  locate: {
    path: '/lfscada/gateway/locate',
    input: bySn,
    output: commandTask,
    access: gatewayManage,
    summary: "Refreshes the gateway's base-station location (series with positioning, 5 a day)",
  },
  upgrade: {
    path: '/lfscada/gateway/upgrade',
    input: bySn,
    output: commandTask,
    access: gatewayManage,
    summary: 'Upgrades the gateway to the newest firmware package of its series',
  },
  mqttAuth: {
    path: '/lfscada/mqtt/auth',
    input: mqttAuthSchema,
    ...brokerVerdict,
    access: { public: true, readsSession: true },
    summary:
      'For an external MQTT broker: may this client connect? Answers {"result":"allow"} (200) or {"result":"deny"} (403) when the x-mqtt-auth-secret header is right',
  },
  mqttAcl: {
    path: '/lfscada/mqtt/acl',
    input: mqttAclSchema,
    ...brokerVerdict,
    access: { public: true, readsSession: true },
    summary:
      'For an external MQTT broker: may this client publish or subscribe to the topic? Answers {"result":"allow"} (200) or {"result":"deny"} (403)',
  },
});
