// Systems for the black-box suites (those that only speak HTTP to the gateway): the in-process
// modes of harness.ts, and `stack`: AirwaveStack from @airwave/testcontainers, every process in its
// own container from the images `pnpm images` built, as production runs them. The stack mode runs
// where a Docker engine has those images; AIRWAVE_STACK_TESTS=1 (as CI sets) makes their absence an
// error instead of a skip, AIRWAVE_STACK_TESTS=0 turns the mode off.
import { randomBytes } from 'node:crypto';
import { AirwaveStack, stackImagesHere } from '@airwave/testcontainers';
import { ADMIN_PASSWORD, Api, LOGIN_DELAY_SECONDS, modes, startTestSystem, type Mode } from './harness';
import { limit } from '../../vitest.shared';

export type ApiMode = Mode | 'stack';

export interface BlackBoxSystem {
  mode: ApiMode;
  url: string;
  api: Api;
  stop(): Promise<void>;
}

async function stackRunsHere(): Promise<boolean> {
  const wanted = process.env.AIRWAVE_STACK_TESTS;
  if (wanted === '0') return false;
  const here = await stackImagesHere();
  const runs = here.docker && here.missing.length === 0;
  if (!runs && wanted === '1') {
    throw new Error(`AIRWAVE_STACK_TESTS=1 but ${here.docker ? `images are missing: ${here.missing.join(', ')} (run \`pnpm images\`)` : 'no Docker engine answers'}`);
  }
  return runs;
}

/** The modes the black-box suites run in: harness.ts's, and `stack` where it can run. */
export const apiModes: ApiMode[] = [...modes, ...((await stackRunsHere()) ? (['stack'] as const) : [])];

export async function startBlackBoxSystem(mode: ApiMode, extraEnv: Record<string, string> = {}): Promise<BlackBoxSystem> {
  if (mode !== 'stack') return startTestSystem(mode, extraEnv);
  const station = `t${randomBytes(4).toString('hex')}`;
  const stack = await new AirwaveStack()
    .withAdminPassword(ADMIN_PASSWORD)
    .withPrefixes({ bus: station, redis: `${station}:` })
    .withEnvironment({ REQUEST_TIMEOUT_MS: String(limit(5000)), LOGIN_FIRST_DELAY_SECONDS: String(LOGIN_DELAY_SECONDS), ...extraEnv })
    .withLabels({ 'org.airwave.suite': 'tests' })
    .withStartupTimeout(limit(120_000))
    .start();
  const url = stack.getBaseUrl();
  return { mode, url, api: new Api(url), stop: () => stack.stop() };
}
