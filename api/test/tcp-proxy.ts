import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can make the server "go away"
 * (every connection cut, new ones refused) and come back, without restarting the cluster
 * other test files share.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Accepts connections (again, on the same port after `stop`). */
  async start(): Promise<void> {
    const server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Like a server that died: every connection is cut and new ones are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const sockets = [client, upstream];
    const close = () => {
      for (const s of sockets) {
        s.destroy();
        this.sockets.delete(s);
      }
    };
    for (const s of sockets) {
      this.sockets.add(s);
      s.on('error', close);
      s.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
