// A TCP proxy the fault test owns between the Airwave processes and the machine's PostgreSQL, so
// that the database can seem killed, restarted or down without touching the real server (which
// other agents and tests use). It forwards bytes untouched; the test cuts the connections through
// it (as a crashed server's sockets are reset) and refuses new ones (as a stopped server's port
// does) for as long as the fault lasts.
import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import { freePort } from '../src/nats-server';

export interface PostgresProxy {
  port: number;
  /** The same database URL, through the proxy. */
  route(databaseUrl: string): string;
  /** Connections through the proxy now. */
  open(): number;
  /** Resets every connection through it (both ends), as when the server process is killed. */
  cut(): void;
  /** Stops listening: new connections are refused (ECONNREFUSED) until accept(). */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  accept(): Promise<void>;
  close(): Promise<void>;
}

export async function startPostgresProxy(target: { host: string; port: number }): Promise<PostgresProxy> {
  const port = await freePort();
  const pairs = new Set<[Socket, Socket]>();
  const forward = (client: Socket) => {
    const upstream = connectTcp(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  // A new listener each time it accepts again (a closed server may still wait for old sockets).
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(forward);
      next.once('error', reject).listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });
  await listen();
  const proxy: PostgresProxy = {
    port,
    route(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    open: () => pairs.size,
    cut() {
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
      pairs.clear();
    },
    async refuse() {
      server?.close();
      server = undefined;
    },
    accept: () => (server ? Promise.resolve() : listen()),
    async close() {
      proxy.cut();
      await proxy.refuse();
    },
  };
  return proxy;
}
