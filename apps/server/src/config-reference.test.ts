import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { configReference } from './config-reference';

it('README.md holds the configuration reference generated from the zod config', () => {
  const readme = readFileSync(resolve(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
  const block = /<!-- config-reference:start[^>]*-->\n([\s\S]*?)\n<!-- config-reference:end -->/.exec(readme)?.[1];
  expect(block, 'README has the generated block').toBeDefined();
  expect(block).toBe(configReference());
});
