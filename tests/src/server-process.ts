// The embedded default as its own process (`apps/server`, as `pnpm start` runs it), for tests that
// kill it: SIGKILL, then start it again on the same data directory and port, as a supervisor
// would. Its log goes to a file in the data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { limit } from '../../vitest.shared';
import { Api } from './harness';

const root = resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  url: string;
  api: Api;
  readonly pid: number;
  /** SIGKILL, and wait for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again (after a kill or a stop); resolves once it answers. */
  start(): Promise<number>;
  /** SIGTERM (a clean stop), and wait for it to be gone. */
  stop(): Promise<void>;
}

async function answers(url: string, deadline: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it answered`);
    const ok = await fetch(`${url}/api/v2/ping`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * This process's environment without the shared servers' addresses: the server started is the
 * embedded default (PGlite in its data directory, an in-process bus, in-memory sessions), so it
 * sees nothing of another run. (Passed on, DATABASE_URL put every run's players in CI's shared
 * database: each run aired all the players of the runs before it, and took them all over at each
 * crash.)
 */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, NATS_URL: _nats, ...rest } = process.env;
  return rest;
}

/** Starts the embedded server on `port` with `dataDir`; resolves once it answers. */
export async function startServerProcess(env: Record<string, string>, dataDir: string, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let run = 0;
  const gone = async (c: ChildProcess) => {
    if (c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  };
  const start = async () => {
    run += 1;
    const log = openSync(join(dataDir, `server-${run}.log`), 'a');
    const c = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...embeddedEnv(), ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    child = c;
    const began = Date.now();
    await answers(url, Date.now() + limit(60_000), c);
    return Date.now() - began;
  };
  await start();
  return {
    url,
    api: new Api(url),
    get pid() {
      return child?.pid ?? 0;
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await gone(child);
    },
    start,
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      await gone(child);
    },
  };
}
