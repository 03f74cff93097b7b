/**
 * A Mosquitto broker per test file (/usr/sbin/mosquitto), on a free loopback port, anonymous,
 * without persistence. `kill()` ends it like a crash (SIGKILL); `restart()` starts it again on
 * the same port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

/** A port nothing listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export class Mosquitto {
  private child: ChildProcess | undefined;
  private readonly dir: string;
  private readonly conf: string;

  private constructor(readonly port: number) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'gw-mosquitto-'));
    this.conf = path.join(this.dir, 'mosquitto.conf');
    writeFileSync(
      this.conf,
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence false',
        'max_queued_messages 100000',
        'log_dest stderr',
        'log_type error',
        'log_type warning',
      ].join('\n') + '\n',
    );
  }

  static async start(): Promise<Mosquitto> {
    const broker = new Mosquitto(await freePort());
    await broker.launch();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  private async launch(): Promise<void> {
    const child = spawn(MOSQUITTO, ['-c', this.conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    this.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${stderr}`))),
    );
    await Promise.race([waitForPort(this.port), exited]);
  }

  /** Ends the broker as a crash would; resolves once the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A TCP relay between a gateway and the broker that the test can shut. The broker's crash still
 * reaches the gateway (the relay closes both sides together); the gate only decides when the
 * gateway may connect again, so that after a broker restart the cloud-side subscriber is back
 * before the gateway replays — with a broker without persistence, a message published before
 * the subscriber resubscribed would be lost to the test, not to the gateway.
 */
export class TcpGate {
  private open = true;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static start(targetPort: number): Promise<TcpGate> {
    return new Promise((resolve) => {
      let gate: TcpGate;
      const server = createServer((downstream) => gate.relay(downstream, targetPort));
      server.listen(0, '127.0.0.1', () => {
        gate = new TcpGate(server, (server.address() as { port: number }).port);
        resolve(gate);
      });
    });
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  private relay(downstream: Socket, targetPort: number): void {
    if (!this.open) {
      downstream.destroy();
      return;
    }
    const upstream = connect({ port: targetPort, host: '127.0.0.1' });
    const pair = [downstream, upstream];
    for (const socket of pair) {
      this.sockets.add(socket);
      socket.on('error', () => pair.forEach((s) => s.destroy()));
      socket.on('close', () => {
        this.sockets.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  }

  /** Lets new connections through (true) or refuses them (false); open ones are untouched. */
  setOpen(open: boolean): void {
    this.open = open;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
