// The resume offset after the service goes away mid-item (issue 34), through the whole system: a
// show of one 16 s item made of four 4 s tones (so a recording says where in the item it is) airs;
// 5 s in, the embedded server (its playout service and Liquidsoap with it) is stopped and started
// again on the same data; the new playout takes the lease and resumes the item at its offset. The
// error is where the next tone step is heard against its instant in the rundown, after the
// stream's latency measured by the listening scenario.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@airwave/logging';
import { detectTones, makeTone, recordMount, transitions } from '@airwave/playout-testing/listen';
import { startSystem, type RunningSystem } from '@airwave/server';
import { expect } from 'vitest';
import type { TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';
import { FALLBACK } from './onair-schedule';

const STEPS: number[] = [440, 550, 660, 770, 880, 990, 1100, 1320];
const STEP_MS = 3000;
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

export interface Resume {
  /** Heard step time − rundown instant − latency, ms, for each step heard after the restart. */
  errors: Array<{ tone: number; error: number }>;
  /** From the stop to the first sound of the resumed item, ms. */
  offAirMs: number;
  restarted: RunningSystem;
}

async function stepsItem(dir: string): Promise<Buffer> {
  const parts = await Promise.all(STEPS.map((f) => makeTone(join(dir, `step-${f}.wav`), f, STEP_MS / 1000)));
  const out = join(dir, 'steps.wav');
  await promisify(execFile)('sox', [...parts, out]);
  return readFile(out);
}

/** Airs the steps item, restarts the server 5 s in, and judges where the resumed item is heard. */
export async function measureResume(system: TestSystem, key: string, player: number, dir: string, mount: string, latency: number, waitForMount: (url: string) => Promise<void>): Promise<Resume> {
  const item = await makeMediaItem(system.api, system.url, key, await stepsItem(dir), 'Steps', { artist: 'Tones' });
  const R = Math.ceil((Date.now() + Math.min(limit(4000), 15_000)) / 1000) * 1000;
  const made = await system.api.post('/shows', { key, body: { player_id: player, mode: 'once', start: new Date(R).toISOString(), duration: 24, item_type: 'media', item_id: item } });
  expect(made.status, made.text).toBe(200);
  await sleepUntil(R + 5000);
  const stoppedAt = Date.now();
  await system.close();
  const restarted = await startSystem({ env: system.env, mode: 'embedded', logger: createLogger({ level: 'silent' }) });
  process.stdout.write(`restart: server up ${Date.now() - stoppedAt} ms after the stop\n`);
  await waitForMount(mount);
  process.stdout.write(`restart: mount up ${Date.now() - stoppedAt} ms after the stop\n`);
  const recorder = recordMount(mount);
  await recorder.started;
  await sleepUntil(R + 24_500);
  const recording = await recorder.stop();
  const windows = detectTones(recording.samples, { rate: recording.rate, candidates: [...STEPS, FALLBACK], hopMs: 10 });
  const first = windows.find((w) => STEPS.includes(w.tone));
  const firstAt = first ? recording.t0 + first.at : Number.NaN;
  // A step's own start, heard after the air came back (the first tone heard starts mid-step).
  const errors = transitions(windows, 15)
    .map((t) => ({ at: recording.t0 + t.at, tone: t.to, due: R + STEPS.indexOf(t.to) * STEP_MS }))
    .filter((h) => STEPS.includes(h.tone) && h.due + latency > firstAt + 300)
    .map((h) => ({ tone: h.tone, error: h.at - h.due - latency }));
  return { errors, offAirMs: firstAt - stoppedAt, restarted };
}
