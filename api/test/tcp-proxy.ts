import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can make the server "go away"
 * (every connection cut, new ones refused) and come back, without restarting the cluster
 * other test files share; or freeze the connections it carries (`freeze`), as a peer that
 * stops answering without closing anything.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<Link>();
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
    this.links.clear();
    await closed;
  }

  /**
   * Every connection open now stops carrying bytes, both ways, and stays open: neither side
   * hears of the other closing (a frozen peer, a dropped NAT entry, a stuck pooler). Keep-alive
   * probes are answered by this machine's kernel, so only the application can notice.
   * Connections made afterwards are carried as before. Returns how many were frozen.
   */
  freeze(): number {
    let n = 0;
    for (const link of this.links) {
      if (link.frozen) continue;
      link.frozen = true;
      n++;
      link.client.unpipe(link.upstream);
      link.upstream.unpipe(link.client);
      link.client.pause();
      link.upstream.pause();
    }
    return n;
  }

  /** How many connections are open and carrying bytes (not frozen). */
  get carrying(): number {
    return [...this.links].filter((l) => !l.frozen).length;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const link: Link = { client, upstream, frozen: false };
    this.links.add(link);
    const sockets = [client, upstream];
    const close = (s: Socket) => () => {
      // A frozen link passes nothing on, not even that one side has gone.
      for (const t of link.frozen ? [s] : sockets) {
        t.destroy();
        this.sockets.delete(t);
      }
      if (sockets.every((t) => t.destroyed)) this.links.delete(link);
    };
    for (const s of sockets) {
      this.sockets.add(s);
      s.on('error', close(s));
      s.on('close', close(s));
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

interface Link {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
}

/** A started proxy in front of the PostgreSQL server of `databaseUrl`, and that URL through it. */
export async function proxyTo(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.start();
  const via = new URL(databaseUrl);
  via.hostname = '127.0.0.1';
  via.port = String(proxy.port);
  return { proxy, url: via.toString() };
}
