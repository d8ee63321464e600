import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'src/**/*.test.ts', 'faults/**/*.test.ts', 'containers/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each suite starts its own system; running files in parallel would only fight over two cores.
    fileParallelism: false,
  },
});
