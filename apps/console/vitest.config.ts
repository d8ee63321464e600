// `pnpm test`: the end-to-end suite (e2e/), Chromium against an embedded server, one file at a time,
// with the repository's limits scaled to the machine's load (vitest.shared.ts); a browser scenario
// gets twice a unit test's time.
import { defineConfig } from 'vitest/config';
import { limit, testLimits } from '../../vitest.shared';

export default defineConfig({
  test: {
    ...testLimits,
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: limit(60_000),
  },
});
