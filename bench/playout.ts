/* eslint-disable no-console -- a benchmark reports on stdout */
// The playout engine, measured by listening (libs/playout-testing/src/listen): one player airs the
// listening scenario (back to back, a crossfade, gaps, a hard start, an alert, live shows with and
// without a source, a missing file, a late start), its Icecast mount is recorded and every
// transition compared with the plan (tones found in 50 ms windows every 10 ms); then PLAYERS players air back-to-back tones with crossfades
// at once for SECONDS, and each Liquidsoap process's CPU and memory are read from /proc.
// Run: node --import tsx bench/playout.ts   (PLAYERS=4 SECONDS=60 FRAME_MS=10 by default)
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiquidsoapEngine } from '../services/playout/src/engine/engine';
import type { PlannedItem } from '../services/playout/src/engine/plan';
import { compareTransitions, detectTones, makeTone, processUsage, recordMount, runListeningScenario, startIcecast, transitions } from '../libs/playout-testing/src/listen/index';

const PLAYERS = Number(process.env.PLAYERS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 60);
/** Liquidsoap's frame (PLAYOUT_FRAME_MS): 10 or 20. */
const FRAME_MS = Number(process.env.FRAME_MS ?? 10);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function accuracy() {
  console.log(`\n## Listening scenario (load average ${load()})`);
  const r = await runListeningScenario({ startTimeoutMs: 120_000, hopMs: 10 });
  console.log('| transition | error after latency |\n|---|---|');
  for (const m of r.matched) console.log(`| ${m.expected.label} | ${m.error === undefined ? 'not heard' : `${Math.round(m.error)} ms`} |`);
  const silent = r.silences.map((s) => `${Math.round(s.to - s.from)} ms`);
  console.log(`\nlatency ${Math.round(r.latency)} ms; largest error ${Math.round(r.maxError)} ms; silences > 500 ms: ${silent.length ? silent.join(', ') : 'none'}`);
  console.log(`one player: CPU ${((100 * r.cpuSeconds) / r.wallSeconds).toFixed(1)} % of a core, peak RSS ${(r.rssKb / 1024).toFixed(0)} MiB (load average ${load()})`);
}

async function capacity() {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-bench-playout-'));
  const ice = await startIcecast();
  const engines: LiquidsoapEngine[] = [];
  try {
    const tones = await Promise.all([440, 550, 660, 770].map((f) => makeTone(join(dir, `${f}.wav`), f, 12)));
    const fallback = await makeTone(join(dir, 'fallback.wav'), 1650, 120);
    console.log(`\n## ${PLAYERS} players for ${SECONDS} s, ${FRAME_MS} ms frames (load average before ${load()})`);
    for (let p = 1; p <= PLAYERS; p += 1) {
      const engine = new LiquidsoapEngine({ playerId: p, frameMs: FRAME_MS, startTimeoutMs: 120_000 });
      await engine.start({ host: ice.host, port: ice.port, mount: `/p${p}`, password: ice.sourcePassword });
      engines.push(engine);
    }
    const t0 = Date.now() + 30_000; // room for the plans and the recorder to start on a busy machine
    const item = (p: number, i: number): PlannedItem => ({
      key: `${p}:${i}`, kind: 'file', path: tones[i % tones.length], media_id: i, title: `tone ${i}`, artist: 'bench', start: t0 + i * 9000,
      duration: 10_000, cue_in: 0, gain_db: -1, crossfade: 1, hard: false, context: 'show', show_id: 1, show_name: 'bench',
    });
    const count = Math.ceil(SECONDS / 9) + 1;
    await Promise.all(engines.map((e, k) => e.update({ player_id: k + 1, items: Array.from({ length: count }, (_, i) => item(k + 1, i)), fallback: [{ ...item(k + 1, 0), key: 'fb', path: fallback, context: 'fallback' }] })));
    const recorder = recordMount(ice.url('/p1'));
    await recorder.started;
    await new Promise((r) => setTimeout(r, t0 - Date.now()));
    const before = await Promise.all(engines.map((e) => processUsage(e.pid!)));
    const start = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const after = await Promise.all(engines.map((e) => processUsage(e.pid!)));
    const wall = (Date.now() - start) / 1000;
    const rec = await recorder.stop();
    const freqs = [440, 550, 660, 770];
    const heard = transitions(detectTones(rec.samples, { rate: rec.rate, candidates: [...freqs, 1650], hopMs: 10 }), 15).map((t) => ({ at: rec.t0 + t.at, to: t.to }));
    const expected = Array.from({ length: Math.floor((SECONDS * 1000) / 9000) }, (_, i) => ({ at: t0 + i * 9000 + (i ? 500 : 0), to: freqs[i % 4]! }));
    const judged = compareTransitions(expected, heard, { latencyHintMs: 300 });
    console.log(`player 1 meanwhile: ${expected.length} transitions, latency ${Math.round(judged.latency)} ms, largest error ${Math.round(judged.maxError)} ms`);
    const cpu = after.map((a, i) => (100 * (a.cpuSeconds - before[i]!.cpuSeconds)) / wall);
    const rss = after.map((a) => a.rssKb / 1024);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    console.log(`CPU per player: ${cpu.map((c) => c.toFixed(1)).join(', ')} % of a core (mean ${mean(cpu).toFixed(1)} %)`);
    console.log(`RSS per player: ${rss.map((r) => r.toFixed(0)).join(', ')} MiB (mean ${mean(rss).toFixed(0)} MiB)`);
    const cores = availableParallelism();
    console.log(`so ${cores} cores air about ${Math.floor((cores * 100 * 0.7) / mean(cpu))} players at 70 % CPU (load average after ${load()})`);
  } finally {
    await Promise.all(engines.map((e) => e.stop()));
    await ice.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await accuracy();
await capacity();
