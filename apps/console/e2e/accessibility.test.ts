// axe-core (the engine of most accessibility checkers) on every page, in the light and the dark
// theme: no serious or critical violation (labels, names, contrast, ARIA, landmarks).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, choose, startConsole, type ConsoleRun } from './support';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const pages = ['/media', '/schedule', '/dayparting', '/modules', '/users', '/app-keys', '/settings'];

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

describe.skipIf(!browserAvailable)('console: accessibility', () => {
  let run: ConsoleRun;
  beforeAll(async () => {
    run = await startConsole();
  });
  afterAll(() => run?.stop());

  it('has no serious violation on the login page', async () => {
    const { page } = await run.open(null);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await violations(page)).toEqual([]);
    // The check itself finds what it should: an input without a label.
    await page.evaluate(() => document.querySelector('form')!.append(document.createElement('input')));
    expect((await violations(page)).join()).toMatch(/^label:/);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious violation on any page in the ${theme} theme`, async () => {
      const { page } = await run.open();
      if (theme === 'dark') {
        await page.goto('/settings');
        await choose(page, 'Theme', 'Dark');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Settings saved.').waitFor();
      }
      const found: Record<string, string[]> = {};
      for (const path of pages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        await page.waitForTimeout(300);
        const list = await violations(page);
        if (list.length) found[path] = list;
      }
      expect(found).toEqual({});
    });
  }
});
