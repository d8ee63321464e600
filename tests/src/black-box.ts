// Systems for the black-box suites (those that only speak HTTP to the gateway): the in-process
// modes of harness.ts, and `stack`: AirwaveStack from @airwave/testcontainers, every process in its
// own container from the images `pnpm images` built, as production runs them. The stack mode runs
// where a Docker engine has those images; AIRWAVE_STACK_TESTS=1 (as CI sets) makes their absence an
// error instead of a skip, AIRWAVE_STACK_TESTS=0 turns the mode off, AIRWAVE_STACK_TESTS=all runs
// every black-box suite in it (apiModes and areaModes below).
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '@airwave/logging';
import { AirwaveStack, stackImagesHere, type StartedAirwaveStack } from '@airwave/testcontainers';
import { ADMIN_PASSWORD, Api, LOGIN_DELAY_SECONDS, modes, ruleModes, startTestSystem, type Mode } from './harness';
import { limit } from '../../vitest.shared';

export type ApiMode = Mode | 'stack';

export interface BlackBoxSystem {
  mode: ApiMode;
  url: string;
  api: Api;
  /** Every log line the system's processes wrote so far (with `{ logs: true }`; else empty), at level debug. */
  logs(): Promise<string>;
  stop(): Promise<void>;
  /** The containers, in the stack mode (its NATS users: getNats()). */
  stack?: StartedAirwaveStack;
}

/** The Airwave processes of a stack whose logs `logs()` reads. */
const STACK_PROCESSES = ['gateway', 'account', 'media', 'scheduling', 'modules'];

async function stackRunsHere(): Promise<boolean> {
  const wanted = process.env.AIRWAVE_STACK_TESTS;
  if (wanted === '0') return false;
  const here = await stackImagesHere();
  const runs = here.docker && here.missing.length === 0;
  if (!runs && (wanted === '1' || wanted === 'all')) {
    throw new Error(`AIRWAVE_STACK_TESTS=1 but ${here.docker ? `images are missing: ${here.missing.join(', ')} (run \`pnpm images\`)` : 'no Docker engine answers'}`);
  }
  return runs;
}

/**
 * The modes of the black-box suites that check the production layout itself (sign-in across
 * processes, files on the shared volume, bodies through the gateway, OB Player's sync, retries
 * across replicas): harness.ts's, and `stack` where it can run.
 */
export const apiModes: ApiMode[] = [...modes, ...((await stackRunsHere()) ? (['stack'] as const) : [])];

/**
 * The modes of the black-box suites that check an area's rules (scheduling, players, alerts):
 * harness.ts's `ruleModes` (the embedded default; both in-process modes with AIRWAVE_API_MODES=all),
 * and every mode, the stack's included, with AIRWAVE_STACK_TESTS=all. A stack is ten containers
 * started for each file; CI's two cores spent a third of the API lane on them, for rules the
 * in-process modes already check through the same gateway and services (docs/testing.md).
 */
export const areaModes: ApiMode[] = process.env.AIRWAVE_STACK_TESTS === 'all' ? apiModes : ruleModes;

export async function startBlackBoxSystem(mode: ApiMode, extraEnv: Record<string, string> = {}, options: { logs?: boolean } = {}): Promise<BlackBoxSystem> {
  const lines: string[] = [];
  if (mode !== 'stack') {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const system = await startTestSystem(mode, extraEnv, options.logs ? { logger: createLogger({ level: 'debug', destination: capture }) } : {});
    return Object.assign(system, { mode, logs: () => Promise.resolve(lines.join('')) });
  }
  const station = `t${randomBytes(4).toString('hex')}`;
  const stack = await new AirwaveStack()
    .withAdminPassword(ADMIN_PASSWORD)
    .withPrefixes({ bus: station, redis: `${station}:` })
    .withEnvironment({ REQUEST_TIMEOUT_MS: String(limit(5000)), LOGIN_FIRST_DELAY_SECONDS: String(LOGIN_DELAY_SECONDS), MEDIA_ANALYSIS: 'off', ...(options.logs ? { LOG_LEVEL: 'debug' } : {}), ...extraEnv })
    .withLabels({ 'org.airwave.suite': 'tests' })
    .withStartupTimeout(limit(120_000))
    .start();
  if (options.logs) await followLogs(stack, lines);
  const url = stack.getBaseUrl();
  return { mode, url, api: new Api(url), logs: () => Promise.resolve(lines.join('')), stop: () => stack.stop(), stack };
}

/** Collects every line the stack's Airwave processes write, from their start, into `lines`. */
async function followLogs(stack: StartedAirwaveStack, lines: string[]): Promise<void> {
  for (const name of STACK_PROCESSES) {
    const stream = await stack.getContainer(name).logs();
    stream.on('data', (chunk: Buffer | string) => lines.push(chunk.toString()));
    stream.on('error', () => undefined);
  }
}
