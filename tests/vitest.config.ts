import { defineConfig } from 'vitest/config';
import { testLimits } from '../vitest.shared';

export default defineConfig({
  test: {
    // Limits scaled to the machine's load (vitest.shared.ts).
    ...testLimits,
    include: ['api/**/*.test.ts', 'src/**/*.test.ts', 'faults/**/*.test.ts', 'containers/**/*.test.ts'],
    // Each suite starts its own system; running files in parallel would only fight over two cores.
    fileParallelism: false,
  },
});
