import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { prefixedTopic, TOPIC_ROOT } from '@fieldhub/shared';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { mosquittoHash } from './gatewayCredentials';
import { serverUsernames } from './linkClient';

/**
 * For an external Mosquitto without an auth plugin: the server keeps Mosquitto's password file
 * (the server's login and every registered gateway's, hashed as mosquitto_passwd does) and an
 * ACL file that lets each gateway write only `iiot/v1/{its sn}/up/#` (under MQTT_TOPIC_PREFIX)
 * and read only its `down/#`. Mosquitto must run with `use_username_as_clientid true` so the client id is the SN.
 * After writing, the broker named by MQTT_BROKER_PID_FILE is told to reload (SIGHUP).
 */
export async function writeMosquittoFiles(db: Db, config: Config): Promise<boolean> {
  if (!config.MQTT_PASSWORD_FILE && !config.MQTT_ACL_FILE) return false;
  const servers = serverUsernames(config);
  if (config.MQTT_PASSWORD_FILE) {
    const gateways = await db.query<{ sn: string; broker_hash: string }>(
      'select sn, broker_hash from gateways where broker_hash is not null order by sn',
    );
    const lines = gateways.map((g) => `${g.sn}:${g.broker_hash}`);
    if (config.MQTT_PASSWORD) {
      const hash = mosquittoHash(config.MQTT_PASSWORD);
      lines.unshift(...servers.map((server) => `${server}:${hash}`));
    }
    writeAtomically(config.MQTT_PASSWORD_FILE, `${lines.join('\n')}\n`);
  }
  if (config.MQTT_ACL_FILE) {
    // under MQTT_TOPIC_PREFIX (docs/requirements/gateway-link.md §2.5) when there is one
    const root = prefixedTopic(config.MQTT_TOPIC_PREFIX, TOPIC_ROOT);
    const acl = [
      '# Written by FieldHub: each gateway (user name = client id = SN) reaches only its own topics.',
      `pattern write ${root}/%u/up/#`,
      `pattern read ${root}/%u/down/#`,
      ...servers.flatMap((server) => [
        '',
        `user ${server}`,
        `topic readwrite ${root}/#`,
        `topic readwrite $share/+/${root}/#`,
      ]),
    ];
    writeAtomically(config.MQTT_ACL_FILE, `${acl.join('\n')}\n`);
  }
  if (config.MQTT_BROKER_PID_FILE) {
    const pid = Number(readFileSync(config.MQTT_BROKER_PID_FILE, 'utf8').trim());
    if (pid > 0) process.kill(pid, 'SIGHUP');
  }
  return true;
}

function writeAtomically(file: string, text: string): void {
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, text, { mode: 0o600 });
  renameSync(part, file);
}
