import type pg from 'pg';

/** How long a closing connection may wait for the server's goodbye before its socket is cut. */
const END_TIMEOUT_MS = 1_000;

/**
 * Ends a client of its own (the LISTEN connection, the readiness probe's), cutting its socket
 * when the server does not close its side in time: `end()` waits for that, and a peer that
 * froze never sends it, which hung shutdown for ever.
 */
export async function endClient(client: pg.Client, ms = END_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      socketOf(client)?.destroy();
      resolve();
    }, ms);
  });
  try {
    await Promise.race([client.end().catch(() => {}), cut]);
  } finally {
    clearTimeout(timer);
  }
}

/** pg keeps the socket on its internal connection; a client that never connected has none. */
function socketOf(client: pg.Client): { destroy(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
}
