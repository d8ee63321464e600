// What the bus's tests against a real nats-server share: the machine's binary (Debian package
// nats-server), a free port on loopback, and a server of their own running the generated
// authorization block.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsUserOf, type BusUser } from '@airwave/contracts';
import { connect } from '@nats-io/transport-node';
import { limit } from '../../../vitest.shared';
import { natsAuthorization } from './nats-authorization';

export const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((path) => existsSync(path));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface AuthorizedNats {
  url: string;
  stop(): Promise<void>;
}

/**
 * nats-server with the authorization block of `prefix`, each user's password as `passwordOf`
 * gives it (JetStream on when asked); resolves once the gateway's user gets in.
 */
export async function startAuthorizedNats(prefix: string, passwordOf: (user: BusUser) => string, options: { jetstream?: boolean } = {}): Promise<AuthorizedNats> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-nats-'));
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  await writeFile(join(dir, 'nats.conf'), natsAuthorization(prefix, passwordOf));
  const jetstream = options.jetstream ? ['--jetstream', '--store_dir', join(dir, 'js')] : [];
  const server = spawn(NATS_SERVER!, ['--config', join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', String(port), ...jetstream], { stdio: 'ignore' });
  const stop = async () => {
    server.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries += 1) {
    try {
      const probe = await connect({ servers: url, user: natsUserOf(prefix, 'gateway'), pass: passwordOf('gateway'), timeout: 500 });
      await probe.close();
      return { url, stop };
    } catch (error) {
      if (tries > limit(50)) {
        await stop();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
