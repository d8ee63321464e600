#!/usr/bin/env node
// `pnpm test`: every package's tests, in two phases so that suites which mostly wait overlap and
// suites which measure time run alone (docs/testing.md, "Where CI's minutes go").
//
// Phase 1, two lanes side by side:
//   - the whole-system API suites (`tests`, api/ and src/, three files at a time);
//   - every other package through turbo, one at a time: unit and property tests.
// Phase 2, one step at a time: the console's browser suite (Chromium and an embedded server per
// file, two files at a time, whose waits a busier CPU turns into timeouts); then the suites that time what they hear or
// how fast a system recovers, which mostly wait: the playout engine's listening tests
// (`libs/playout-testing`, three files at a time), then the fault, container and on-air suites
// (`tests`: faults/, containers/, playout/, two files at a time).
//
// Every step runs even when an earlier one failed (as turbo's --continue); the exit code is 1 when
// any failed, and a table of steps with their times and results closes the output, after the last lines
// that said what failed in each failed step (so that the tail of a long log names the failure).
import { spawn } from 'node:child_process';

const ALONE = ['@airwave/tests', '@airwave/playout-testing', '@airwave/console'];

/** Each step is a pnpm command. */
const steps = {
  api: { label: 'tests: API suites', args: ['--filter', '@airwave/tests', 'run', 'test:api'] },
  packages: {
    label: 'other packages (turbo, one at a time)',
    args: ['exec', 'turbo', 'run', 'test', '--concurrency=1', '--continue', ...ALONE.map((name) => `--filter=!${name}`)],
  },
  console: { label: 'console (browser suite)', args: ['--filter', '@airwave/console', 'run', 'test'] },
  engine: { label: 'playout engine (listening)', args: ['--filter', '@airwave/playout-testing', 'run', 'test'] },
  timed: { label: 'tests: faults, containers, on air', args: ['--filter', '@airwave/tests', 'run', 'test:timed'] },
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
    const child = spawn('pnpm', step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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
const results = [...(await Promise.all([run('api'), run('packages')]))];
results.push(await run('console'));
results.push(await run('engine'));
results.push(await run('timed'));

for (const r of results.filter((result) => result.code !== 0)) {
  process.stdout.write(`\nwhat failed in ${r.label} (its last ${FAILURE_LINES_KEPT} lines naming a failure):\n`);
  for (const line of r.failureLines) process.stdout.write(`  ${line}\n`);
}

const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
process.stdout.write('\nsteps (phase 1: the first two side by side; phase 2: one at a time)\n');
for (const r of results) process.stdout.write(`  ${r.code === 0 ? 'ok    ' : 'FAILED'}  ${minutes(r.seconds).padStart(12)}  ${r.label}\n`);
process.stdout.write(`  total ${minutes((Date.now() - started) / 1000)}\n`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) process.stdout.write(`failed: ${failed.map((r) => r.label).join('; ')}\n`);
process.exit(failed.length ? 1 : 0);
