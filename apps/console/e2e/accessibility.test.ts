// axe-core (the engine of most accessibility checkers) on every page, in the light and the dark
// theme: no serious or critical violation (labels, names, contrast, ARIA, landmarks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations as violations, browserAvailable, choose, startConsole, type ConsoleRun } from './support';

const pages = ['/media', '/schedule', '/dayparting', '/modules', '/users', '/app-keys', '/webhooks', '/audit', '/settings'];

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
