import { TOTP } from 'otpauth';
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
    // With no player yet, the home page is Media: `/` goes there once the players are read.
    await page.waitForURL((url) => url.pathname === '/media');
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

  it('signs in an account with two-factor sign-in on: password, then the code from the app', async () => {
    // A user who turned two-factor sign-in on through the API, as an authenticator app would.
    const api = async (path: string, body: unknown, key?: string) => {
      const reply = await fetch(`${run.url}/api/v2${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body) });
      return (await reply.json()) as { status: boolean; data: Record<string, unknown> };
    };
    const admin = (await api('/account/login', { username: 'admin', password: 'e2e-admin-password' })).data.key as string;
    expect((await api('/users', { username: 'twofactor', password: 'twofactor-pass-1' }, admin)).status).toBe(true);
    const own = (await api('/account/login', { username: 'twofactor', password: 'twofactor-pass-1' })).data.key as string;
    const setup = await api('/account/two-factor/setup', { password: 'twofactor-pass-1' }, own);
    const totp = new TOTP({ secret: setup.data.secret as string });
    expect((await api('/account/two-factor/confirm', { code: totp.generate() }, own)).status).toBe(true);

    const { page } = await run.open(null);
    await page.getByLabel('Username').fill('twofactor');
    await page.getByRole('textbox', { name: 'Password' }).fill('twofactor-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not logged in' }).waitFor();
    // The next step's code: the one confirming the setup may not be used twice.
    await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
  });
});
