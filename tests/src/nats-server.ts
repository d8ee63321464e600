// A private nats-server per test (for outages without touching the machine's NATS).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const natsServerBinary = '/usr/sbin/nats-server';
export const canRunNatsServer = existsSync(natsServerBinary);

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
  });

/** SIGTERM to a server process of a test, resolved once it has exited. */
export async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface PrivateNats {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP: its connections stay open, but it reads and answers nothing (until resume). */
  freeze(): void;
  resume(): void;
  dispose(): Promise<void>;
}

export async function privateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'airwave-nats-'));
  let child: ChildProcess | undefined;
  const waitUp = async () => {
    for (let i = 0; i < 100; i += 1) {
      if (await portOpen(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('nats-server did not start');
  };
  const api: PrivateNats = {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      child = spawn(natsServerBinary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
      await waitUp();
    },
    async stop() {
      if (child) await terminate(child);
      child = undefined;
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async dispose() {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await api.start();
  return api;
}
