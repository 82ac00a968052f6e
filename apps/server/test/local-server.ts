import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Closes `server` at once, its open and hung connections included. */
export async function closeNow(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

/** `server` listening on 127.0.0.1:`port` (0: a free port). */
export function listenLocally(server: Server, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * A local server that a test can take down (connections refused) and bring back up on the same
 * port, as a receiver that is down for a while; `create` makes a new one for each start.
 */
export async function restartableServer(create: () => Server, port: number) {
  const listen = (onPort: number) => listenLocally(create(), onPort);
  let server = await listen(port);
  const boundPort = (server.address() as AddressInfo).port;
  let listening = true;
  const down = async () => {
    if (!listening) return;
    listening = false;
    await closeNow(server);
  };
  const up = async () => {
    if (listening) return;
    server = await listen(boundPort);
    listening = true;
  };
  return { port: boundPort, down, up, close: down };
}
