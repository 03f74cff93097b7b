import { type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP relay between a client (a gateway) and a server (the broker) that the test can shut. The
 * broker's crash still reaches the gateway (the relay closes both sides together); the gate only decides when the
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

  /** Drops the connections through the gate (as a crash or a cut cable would) and refuses new ones until setOpen(true). */
  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
