import { loadConfig } from './config';
import { createPlatform } from './server';
import { seedDemo } from './seed/demoSeed';
import {
  loadDemoGateways,
  runDemoGateways,
  saveDemoGateways,
  type DemoGatewayRunner,
} from './demo/demoGateways';
import path from 'node:path';

const config = loadConfig();
const platform = await createPlatform(config);
const { app, ctx } = platform;

if (config.DEMO_SEED) {
  const logins = await seedDemo(ctx.db, ctx.clock, config.DEMO_PLANT_PORT, config.DEMO_LANG);
  if (logins) {
    // the simulated demo gateways need their MQTT logins on every start
    saveDemoGateways(path.resolve(config.DATA_DIR), logins.gateways);
    // shown once, on the console only: the account passwords are not stored anywhere in clear
    console.log(
      [
        '',
        'Demo data created. Sign in with:',
        `  enterprise admin   ${logins.admin.loginname}   ${logins.admin.password}`,
        `  platform operator  ${logins.operator.loginname}   ${logins.operator.password}`,
        'These passwords are shown only now.',
        '',
      ].join('\n'),
    );
  }
}

await app.listen({ port: config.PORT, host: config.HOST });
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
console.log(`Platform running at http://${shownHost}:${config.PORT}  (database: ${ctx.db.kind})`);

let demoGateways: DemoGatewayRunner | null = null;
const demo = loadDemoGateways(path.resolve(config.DATA_DIR));
if (config.DEMO_GATEWAYS && demo.length && ctx.link) {
  const brokerUrl = config.MQTT_URL ?? `mqtt://127.0.0.1:${ctx.link.brokerPort}`;
  demoGateways = runDemoGateways(demo, {
    brokerUrl,
    topicPrefix: config.MQTT_TOPIC_PREFIX,
    dataDir: path.resolve(config.DATA_DIR),
    plantPort: config.DEMO_PLANT_PORT,
    log: app.log,
  });
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    Promise.resolve(demoGateways?.stop())
      .then(() => platform.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
