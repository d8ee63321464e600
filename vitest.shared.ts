// How long a test, a hook or a wait inside a test may take, on a busy machine as on an idle one.
// Every package's vitest.config.ts takes its limits from here, and tests that wait on containers,
// processes or the network write their limits as `limit(ms)`: `ms` is several times what the wait
// takes on an idle machine of CI's kind (2 cores), and `limit` multiplies it by the machine factor,
// how much slower this machine is right now. A limit only catches a hang, so a generous one costs
// nothing when all is well (docs/testing.md).
import { createHash } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { defineConfig } from 'vitest/config';

const MAX_FACTOR = 10;

/**
 * How much of the wall-clock time a piece of CPU work gets the CPU: on an idle machine the work
 * runs all the time it takes (1); on one shared with other work it waits for a core (2 when two
 * others want each core). The median of three samples of about 10 ms of hashing each.
 */
function contention(): number {
  const samples = [0, 1, 2].map(() => {
    const wallStart = performance.now();
    const cpuStart = process.cpuUsage();
    let digest = Buffer.alloc(64);
    for (let i = 0; i < 15_000; i += 1) digest = createHash('sha512').update(digest).digest();
    const cpu = process.cpuUsage(cpuStart);
    return (performance.now() - wallStart) / Math.max(0.001, (cpu.user + cpu.system) / 1000);
  });
  return samples.sort((a, b) => a - b)[1]!;
}

/**
 * How much slower than when idle this machine is: the larger of the contention measured now and
 * the load average per core (contention over the last minute), between 1 and 10.
 * `AIRWAVE_TIME_FACTOR` sets it outright. `AIRWAVE_TIME_FACTOR_FLOOR` is the least it may be: a
 * runner that is about to load the machine itself (`pnpm test`'s API lane, several files at a time)
 * knows the load its own suites will add, which vitest, measuring an idle machine as it starts,
 * cannot see.
 */
function measureMachineFactor(): number {
  const given = Number(process.env.AIRWAVE_TIME_FACTOR);
  if (given > 0) return given;
  const floor = Number(process.env.AIRWAVE_TIME_FACTOR_FLOOR) || 1;
  const loadPerCore = loadavg()[0]! / availableParallelism();
  return Math.min(MAX_FACTOR, Math.max(1, floor, contention(), loadPerCore));
}

export const machineFactor = measureMachineFactor();
// Children (the services a fault test starts, vitest's workers) use the same factor, measured once.
process.env.AIRWAVE_TIME_FACTOR = String(machineFactor);

/** A limit for a wait that takes well under `ms` on an idle machine, scaled by the machine factor. */
export function limit(ms: number): number {
  return Math.round(ms * machineFactor);
}

/**
 * Every package's test limits, all scaled: a test 30 s, a hook (which may start a system or
 * containers) 2 min, an `expect.poll` 5 s (vitest's own default is 1 s).
 */
export const testLimits = {
  testTimeout: limit(30_000),
  hookTimeout: limit(120_000),
  teardownTimeout: limit(30_000),
  expect: { poll: { timeout: limit(5_000) } },
};

export default defineConfig({ test: testLimits });
