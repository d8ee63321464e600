import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: session', () => {
  let run: ConsoleRun;
  beforeAll(async () => {
    run = await startConsole();
  });
  afterAll(() => run?.stop());

  it('refuses a wrong password, logs in, survives a reload and logs out', async () => {
    const { page } = await run.open(null);
    await screenshot(page, 'login');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not logged in' }).waitFor();
    await page.getByRole('textbox', { name: 'Password' }).fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/media');
    await page.reload();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('keeps what was typed when the session expires: a login dialog over the page, then save again', async () => {
    const { page } = await run.open();
    await page.getByRole('link', { name: 'Account settings' }).click();
    await page.getByLabel('Display name').fill('Morning Desk');
    // The session ends behind the page's back (as it does after an hour without use).
    const key = await page.evaluate(() => (JSON.parse(localStorage.getItem('airwave.session')!) as { key: string }).key);
    await fetch(`${run.url}/api/v2/account/logout`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    await page.getByRole('button', { name: 'Save settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await dialog.waitFor();
    await screenshot(page, 'session-expired');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('e2e-admin-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByLabel('Display name').inputValue()).resolves.toBe('Morning Desk');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expect(page.getByRole('banner').getByText('Morning Desk').count()).resolves.toBe(1);
  });
});
