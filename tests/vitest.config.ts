import { defineConfig } from 'vitest/config';
import { testLimits } from '../vitest.shared';

export default defineConfig({
  test: {
    // Limits scaled to the machine's load (vitest.shared.ts).
    ...testLimits,
    include: ['api/**/*.test.ts', 'src/**/*.test.ts', 'faults/**/*.test.ts', 'containers/**/*.test.ts', 'playout/**/*.test.ts'],
    // One file at a time unless asked: the fault and container suites stop and start shared pieces
    // and measure recovery times. The API suites spend most of their time waiting (timers, logins'
    // delays, containers), so `pnpm test` runs them three files at a time (package.json).
    fileParallelism: false,
  },
});
