import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake upstream listening on a free local port. */
export interface LocalServer {
  /** http://127.0.0.1:<port>, the root the app is configured with. */
  apiRoot: string;
  /** Drops open keep-alive connections too, so a test's end never waits on an idle socket. */
  close(): Promise<void>;
}

/**
 * Serves `handle` on 127.0.0.1 at a port the system picks. A handler that throws answers 500
 * with the error's text, as a crashed upstream would.
 */
export async function serveLocally(handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>): Promise<LocalServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
