#!/usr/bin/env node
// `pnpm test`: every package's tests, one step at a time (docs/testing.md, "Where CI's minutes go").
// CI's machines have two cores, and every step but the other packages' keeps both busy on its own:
// two steps side by side took longer than the same two one after the other (28 min against 20 on
// the same machine), and turned waits into timeouts. Each step runs several files at a time inside:
//   1. the whole-system API suites (`tests`: api/ and src/, three files at a time), with the machine
//      factor at least 2 (their own three files load both cores: vitest.shared.ts);
//   2. every other package through turbo, two at a time: unit and property tests;
//   3. the console's browser suite (Chromium and an embedded server per file, two files at a time);
//   4. the playout engine's listening tests (`libs/playout-testing`, three files at a time);
//   5. the fault and container suites (`tests`: faults/, containers/, two files at a time), which
//      time how fast a system recovers;
//   6. the on-air listening suites (`tests`: playout/), one file at a time and beside nothing else:
//      they hear the station to the millisecond. The crash test first, before any stopped server's
//      Liquidsoap airs on through its grace beside it.
//
// Every step runs even when an earlier one failed (as turbo's --continue); the exit code is 1 when
// any failed, and a table of steps with their times and results closes the output, after the last lines
// that said what failed in each failed step (so that the tail of a long log names the failure).
import { spawn } from 'node:child_process';

const ALONE = ['@airwave/tests', '@airwave/playout-testing', '@airwave/console'];

/** Each step is a pnpm command, with what it adds to the environment. */
const steps = {
  api: { label: 'tests: API suites', args: ['--filter', '@airwave/tests', 'run', 'test:api'], env: { AIRWAVE_TIME_FACTOR_FLOOR: '2' } },
  packages: {
    label: 'other packages (turbo, two at a time)',
    args: ['exec', 'turbo', 'run', 'test', '--concurrency=2', '--continue', ...ALONE.map((name) => `--filter=!${name}`)],
  },
  console: { label: 'console (browser suite)', args: ['--filter', '@airwave/console', 'run', 'test'] },
  engine: { label: 'playout engine (listening)', args: ['--filter', '@airwave/playout-testing', 'run', 'test'] },
  faults: { label: 'tests: faults, containers', args: ['--filter', '@airwave/tests', 'run', 'test:faults'] },
  onair: { label: 'tests: on air (listening)', args: ['--filter', '@airwave/tests', 'run', 'test:onair'] },
};

/** Lines that name a failure in vitest's or turbo's output. */
const FAILURE_LINE = /(FAIL|×|✗|AssertionError|Error:|expected|Timed out|timed out|ERR_)/;
const FAILURE_LINES_KEPT = 40;
// eslint-disable-next-line no-control-regex
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs one step, each line of its output prefixed with its name; resolves to its result. */
function run(name) {
  const step = steps[name];
  const started = Date.now();
  const failureLines = [];
  const keep = (line) => {
    const text = plain(line).trim();
    if (!FAILURE_LINE.test(text)) return;
    failureLines.push(text.slice(0, 300));
    if (failureLines.length > FAILURE_LINES_KEPT) failureLines.shift();
  };
  return new Promise((resolve) => {
    const child = spawn('pnpm', step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`[${name}] ${line}\n`);
          keep(line);
        }
      });
      stream.on('end', () => {
        if (!pending) return;
        process.stdout.write(`[${name}] ${pending}\n`);
        keep(pending);
      });
    }
    const finish = (code) =>
      resolve({ name, label: step.label, code, seconds: (Date.now() - started) / 1000, failureLines });
    child.on('error', (error) => {
      process.stdout.write(`[${name}] could not start: ${error.message}\n`);
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

const started = Date.now();
const results = [];
for (const name of Object.keys(steps)) results.push(await run(name));

for (const r of results.filter((result) => result.code !== 0)) {
  process.stdout.write(`\nwhat failed in ${r.label} (its last ${FAILURE_LINES_KEPT} lines naming a failure):\n`);
  for (const line of r.failureLines) process.stdout.write(`  ${line}\n`);
}

const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
process.stdout.write('\nsteps (one at a time)\n');
for (const r of results) process.stdout.write(`  ${r.code === 0 ? 'ok    ' : 'FAILED'}  ${minutes(r.seconds).padStart(12)}  ${r.label}\n`);
process.stdout.write(`  total ${minutes((Date.now() - started) / 1000)}\n`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) process.stdout.write(`failed: ${failed.map((r) => r.label).join('; ')}\n`);
process.exit(failed.length ? 1 : 0);
