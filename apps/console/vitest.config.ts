// `pnpm test`: the end-to-end suite (e2e/), Chromium against an embedded server, two files at a
// time (the suite runs alone in CI's second phase: 6 min instead of 8 min 44 s one at a time on
// CI's two cores), with the repository's limits scaled to the machine's load (vitest.shared.ts); a
// browser scenario gets twice a unit test's time.
import { defineConfig } from 'vitest/config';
import { limit, testLimits } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...testLimits,
    include: ['e2e/**/*.test.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: limit(60_000),
  },
});
