/* eslint-disable no-console -- a benchmark reports on stdout */
// On air through crashes (issue 41), measured by listening: the crash scenario of the test
// (tests/playout/crash-scenario.ts: the embedded default in its own process airs MP3 and Ogg tones
// made by LAME and libvorbis back to back and a 3.4 s station ID loop; SIGKILL of the player's
// Liquidsoap, of the server, and of both, mid-item; the mount recorded across its outages and
// compared with the rundown every 10 ms), RUNS times with each number of busy processes of LOADS
// beside it (0: an idle machine). Prints a table for BENCHMARKS.md.
// Run: node --import tsx bench/onair-crash.ts   (RUNS=3 LOADS=0,4 by default)
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { describeFigures, runCrashScenario, type CrashFigures } from '../tests/playout/crash-scenario';

const RUNS = Number(process.env.RUNS ?? 3);
const LOADS = (process.env.LOADS ?? '0,4').split(',').map(Number);

/** `n` processes that keep a core busy each, until stopped. */
function burn(n: number): () => void {
  const burners: ChildProcess[] = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => burners.forEach((b) => b.kill('SIGKILL'));
}

const max = (xs: number[]) => Math.max(...xs);
const range = (xs: number[]) => (xs.length ? `${Math.min(...xs)}–${max(xs)}` : '—');

async function measure(load: number): Promise<CrashFigures[]> {
  const out: CrashFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const stop = burn(load);
    try {
      const figures = await runCrashScenario();
      console.log(`\n### load ${load}, run ${i + 1} (load average ${loadavg()[0]!.toFixed(1)})\n${describeFigures(figures)}`);
      out.push(figures);
    } finally {
      stop();
    }
  }
  return out;
}

function row(label: string, runs: CrashFigures[]) {
  const kill = (name: string) => runs.map((r) => r.kills.find((k) => k.kill.name === name)!);
  const off = (name: string) => range(kill(name).map((k) => k.offAirMs));
  const offset = max(runs.flatMap((r) => r.kills.flatMap((k) => (k.stepErrorMs === null ? [] : [Math.abs(k.stepErrorMs ?? Number.POSITIVE_INFINITY)]))));
  const restart = range(kill('both').map((k) => k.kill.restartMs!));
  const unplanned = max([0, ...runs.flatMap((r) => r.unplanned.map((u) => u.to - u.from))]);
  const spurious = runs.reduce((n, r) => n + r.spurious.length, 0);
  return `| ${label} | ${Math.round(max(runs.map((r) => r.transitions.max)))} ms | ${unplanned} ms | ${off('liquidsoap')} ms | ${off('server')} ms | ${off('both')} ms (restart ${restart} ms) | ${offset} ms | ${spurious} |`;
}

const measured: Array<[number, CrashFigures[]]> = [];
for (const load of LOADS) measured.push([load, await measure(load)]);
console.log('\n| machine | largest transition error | longest audio the rundown does not have | off air, Liquidsoap killed | off air, server killed | off air, both killed | resumed offset error | spurious cuts |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [load, runs] of measured) console.log(row(load ? `${load} busy processes, ${RUNS} runs` : `idle, ${RUNS} runs`, runs));
process.exit(0);
