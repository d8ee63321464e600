/* eslint-disable no-console -- a benchmark reports on stdout */
// Station sound on air (issue 44): (1) the listening scenario of engine.sound.test.ts
// (libs/playout-testing/src/listen/sound.ts) under Airwave's cue rules and under AzuraCast's
// autocue defaults where they differ (silence 40 LU under the track's loudness, the next track at
// 8 LU under; Airwave: 30 and 10); (2) the CPU of a player airing the masters from their cue
// points at its loudness, with segues, against one airing the same items at the same instants from
// the file's start at its own level (so both change items as often), side by side for SECONDS,
// read from /proc, twice with the players' places swapped.
// Run: pnpm --filter @airwave/bench sound   (SECONDS=120 by default)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CUE_RULES, type CueRules } from '../services/media/src/analysis/measure';
import { LiquidsoapEngine } from '../services/playout/src/engine/engine';
import { buildPlan } from '../services/playout/src/plan/build';
import { analysedMasters, processUsage, runSoundScenario, showBlock, startIcecast } from '../libs/playout-testing/src/listen/index';

const SECONDS = Number(process.env.SECONDS ?? 120);
const TARGET = -18;
const AUTOCUE_DEFAULTS: CueRules = { silenceBelowLu: 40, tailBelowLu: 8 };
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function listening(name: string, rules: CueRules) {
  const r = await runSoundScenario({ target: TARGET, rules, startTimeoutMs: 120_000 });
  console.log(`\n### ${name} (silence ${rules.silenceBelowLu} LU, next start ${rules.tailBelowLu} LU under; load average ${load()})\n`);
  console.log('| master | cue-in | cue-out | next start | overlap | heard (3 s) | start vs computed point |\n|---|---|---|---|---|---|---|');
  for (const i of r.items) console.log(`| ${i.lufs} LUFS${i.fade ? ', 4 s fade' : ''} | ${i.cue_in} s | ${i.cue_out} s | ${i.next_start} s | ${i.crossfade.toFixed(2)} s${i.segue ? ' (segue)' : ''} | ${i.heard_lufs.toFixed(1)} LUFS | ${i.late_ms} ms |`);
  console.log(`\nlongest gap ${r.longest_gap_ms} ms; true peak ${r.true_peak.toFixed(1)} dBTP`);
}

async function cpu(swapped: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-bench-sound-'));
  const ice = await startIcecast();
  const engines = [new LiquidsoapEngine({ playerId: 1, startTimeoutMs: 120_000 }), new LiquidsoapEngine({ playerId: 2, startTimeoutMs: 120_000 })];
  try {
    const files = await analysedMasters(dir, CUE_RULES);
    const mapped = new Map(files.map((f) => [f.id, f.path]));
    await Promise.all(engines.map((e, i) => e.start({ host: ice.host, port: ice.port, mount: `/p${i + 1}`, password: ice.sourcePassword })));
    const at = Date.now() + 5000;
    const repeat = Math.ceil(SECONDS / 20) + 1;
    const processed = buildPlan({ player_id: 0, blocks: [showBlock(files, at, { cues: true, repeat }).block], alerts: [], files: mapped, from: 0, loudnessTarget: TARGET });
    // the same items at the same instants, without the processing: from the file's start, at its own level, cut at the next start
    const whole = { ...processed, items: processed.items.map(({ segue: _segue, ...item }) => ({ ...item, cue_in: 0, gain_db: 0, crossfade: 0 })) };
    const [plainAt, soundAt] = swapped ? [1, 0] : [0, 1];
    await engines[plainAt]!.update({ ...whole, player_id: plainAt + 1 });
    await engines[soundAt]!.update({ ...processed, player_id: soundAt + 1 });
    await new Promise((r) => setTimeout(r, at + 2000 - Date.now()));
    const before = await Promise.all(engines.map((e) => processUsage(e.pid!)));
    const start = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const after = await Promise.all(engines.map((e) => processUsage(e.pid!)));
    const wall = (Date.now() - start) / 1000;
    const used = after.map((a, i) => (100 * (a.cpuSeconds - before[i]!.cpuSeconds)) / wall);
    const [plain, sound] = [used[plainAt], used[soundAt]];
    console.log(`\n### CPU per player, ${SECONDS} s side by side (load average ${load()})\n`);
    const perMinute = (processed.items.length / ((processed.items.at(-1)!.start + processed.items.at(-1)!.duration - processed.items[0]!.start) / 60_000)).toFixed(0);
    console.log(`the same ${perMinute} items a minute at the same instants: from the file's start at its own level ${plain!.toFixed(1)} % of a core; from its cue-in with segues and gain to ${TARGET} LUFS ${sound!.toFixed(1)} % (${sound! >= plain! ? '+' : ''}${(((sound! - plain!) / plain!) * 100).toFixed(0)} %)`);
  } finally {
    await Promise.all(engines.map((e) => e.stop()));
    await ice.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (!process.env.CPU_ONLY) {
  await listening("Airwave's rules", CUE_RULES);
  await listening("AzuraCast's autocue defaults", AUTOCUE_DEFAULTS);
}
await cpu(false);
await cpu(true);
