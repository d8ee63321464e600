// NATS passwords as compose and Kubernetes hand them over: the authorization block refers to each
// as an environment variable of the NATS server (`$AIRWAVE_NATS_GATEWAY_PASSWORD`), which NATS
// reads as a value of its config language. A real nats-server shows why a password must begin with
// a letter: every user connects with newNatsPassword()'s, and a digit-first one is misread. The
// processes' own check of the form (NATS_PASSWORD in @airwave/config): deploy/src/nats-password.test.ts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUS_USERS, natsUserOf, type BusUser } from '@airwave/contracts';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { limit } from '../../../vitest.shared';
import { freePort, NATS_SERVER } from './nats-server-for-tests';
import { natsAuthorization, natsPasswordVariable, newNatsPassword } from './nats-authorization';

if (!NATS_SERVER && process.env.CI) throw new Error('the NATS password test needs nats-server (Debian package nats-server)');

const PREFIX = 'airwave';
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});


/**
 * Starts nats-server with the block that refers to the passwords, the passwords in its
 * environment; tries each user with its password and stops it. Whether each got in, or what the
 * server said when it would not start.
 */
async function connectEach(passwords: Record<BusUser, string>): Promise<{ connected: Partial<Record<BusUser, boolean>>; serverError?: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-nats-passwords-'));
  dirs.push(dir);
  const port = await freePort();
  await writeFile(join(dir, 'nats.conf'), natsAuthorization(PREFIX));
  const env = Object.fromEntries(BUS_USERS.map((user) => [natsPasswordVariable(PREFIX, user), passwords[user]]));
  const server = spawn(NATS_SERVER!, ['--config', join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', String(port)], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    const connected: Partial<Record<BusUser, boolean>> = {};
    for (const user of BUS_USERS) {
      connected[user] = await tryConnect(port, user, passwords[user], exited);
      if (server.exitCode !== null) return { connected, serverError: stderr.trim() };
    }
    return { connected };
  } finally {
    server.kill('SIGKILL');
    await exited;
  }
}

/** Whether the user gets in; retried while the server is starting, false once it refused or exited. */
async function tryConnect(port: number, user: BusUser, pass: string, exited: Promise<void>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let tries = 0; tries < limit(50) && !gone; tries += 1) {
    try {
      const connection = await connect({ servers: `nats://127.0.0.1:${port}`, user: natsUserOf(PREFIX, user), pass, timeout: 500, reconnect: false });
      await connection.close();
      return true;
    } catch (error) {
      if (/authorization/i.test(String(error))) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}

describe.skipIf(!NATS_SERVER)('NATS passwords from the server environment', () => {
  it('lets every user in with a password of the form newNatsPassword makes', async () => {
    const passwords = Object.fromEntries(BUS_USERS.map((user) => [user, newNatsPassword()])) as Record<BusUser, string>;
    for (const password of Object.values(passwords)) expect(password).toMatch(/^[a-z][0-9a-f]{48}$/);
    const { connected, serverError } = await connectEach(passwords);
    expect(serverError).toBeUndefined();
    expect(connected).toEqual(Object.fromEntries(BUS_USERS.map((user) => [user, true])));
  });

  it('misreads a password that begins with a digit: the server will not start, or that user never gets in', async () => {
    // Hex as `openssl rand -hex` makes it, one in this shape in a few hundred: a number in NATS' config language.
    const passwords = Object.fromEntries(BUS_USERS.map((user) => [user, newNatsPassword()])) as Record<BusUser, string>;
    passwords.media = '12e5a0b1c2d3e4f5a6b7c8d9';
    const { connected, serverError } = await connectEach(passwords);
    expect(serverError === undefined ? connected.media : serverError).toSatisfy((outcome: unknown) => outcome === false || /could not be parsed/.test(String(outcome)));
  });
});
