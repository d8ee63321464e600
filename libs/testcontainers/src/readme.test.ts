// The README's example is src/readme-example.test.ts, word for word, so that it runs with the suite.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('shows the example test that runs with the suite', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = readFileSync(new URL('./readme-example.test.ts', import.meta.url), 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});
