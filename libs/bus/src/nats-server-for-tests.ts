// What the bus's tests against a real nats-server share: the machine's binary (Debian package
// nats-server), and a free port on loopback for a server of their own.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((path) => existsSync(path));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
