// Two-factor sign-in in the account settings (turned on with a code computed here from the secret
// the page shows, the recovery codes shown once and renewed, a login with the password and a code,
// turned off with a recovery code), the account's security events, and the audit trail's page.
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, axeViolations, browserAvailable, choose, screenshot, startConsole, type ConsoleRun } from './support';
import { limit } from '../../../vitest.shared';

const USER = 'enrolee';
const PASSWORD = 'enrolee-pass-1';

describe.skipIf(!browserAvailable)('console: two-factor sign-in and the audit trail', () => {
  let run: ConsoleRun;
  beforeAll(async () => {
    run = await startConsole();
    const post = async (path: string, body: unknown, key?: string) => {
      const reply = await fetch(`${run.url}/api/v2${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body) });
      return (await reply.json()) as { status: boolean; data: Record<string, unknown> };
    };
    const admin = (await post('/account/login', { username: 'admin', password: ADMIN_PASSWORD })).data.key as string;
    expect((await post('/users', { username: USER, password: PASSWORD }, admin)).status).toBe(true);
  });
  afterAll(() => run?.stop());

  const section = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' });
  const codesShown = async (page: Page) => ((await page.getByTestId('recovery-codes').textContent()) ?? '').split('\n').filter(Boolean);

  it('turns two-factor sign-in on, renews the recovery codes, logs in with a code and turns it off', async () => {
    const { page } = await run.open(USER, PASSWORD);
    await page.getByRole('link', { name: 'Account settings' }).click();
    await section(page).getByText('Two-factor sign-in is off').waitFor();
    await section(page).getByRole('button', { name: 'Turn on' }).click();
    const enrol = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await enrol.getByLabel('Current password').fill('wrong-password');
    await enrol.getByRole('button', { name: 'Continue' }).click();
    await enrol.getByRole('alert').waitFor();
    await enrol.getByLabel('Current password').fill(PASSWORD);
    await enrol.getByRole('button', { name: 'Continue' }).click();
    const secret = ((await enrol.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(enrol.getByRole('link', { name: 'add to an authenticator app' }).getAttribute('href')).resolves.toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
    // The QR code is drawn (an SVG of its modules) for the app to scan.
    const qr = enrol.getByRole('img', { name: 'QR code of the authenticator setup' });
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.locator('path').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-enrol', { notices: false });
    const totp = new TOTP({ secret });
    await enrol.getByLabel('Code from the app').fill('12');
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await enrol.locator('.mantine-InputWrapper-error', { hasText: 'must be a six-digit code or a recovery code' }).waitFor();
    await enrol.getByLabel('Code from the app').fill(totp.generate());
    await enrol.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
    await codes.getByText('Shown only this once').waitFor();
    const first = await codesShown(page);
    expect(first).toHaveLength(10);
    expect(await axeViolations(page)).toEqual([]);
    await codes.getByRole('button', { name: 'I have kept them' }).click();
    await section(page).getByText(/Two-factor sign-in is on since .*; 10 recovery codes left/).waitFor();

    // Renewed with one of the first codes; the new ones replace them.
    await section(page).getByRole('button', { name: 'Renew recovery codes' }).click();
    const renew = page.getByRole('dialog', { name: 'Renew recovery codes' });
    await renew.getByLabel('Code from the app, or a recovery code').fill(first[0]!);
    await renew.getByRole('button', { name: 'Renew the codes' }).click();
    await page.getByRole('dialog', { name: 'New recovery codes' }).getByText('The earlier codes no longer work').waitFor();
    const renewed = await codesShown(page);
    expect(renewed).toHaveLength(10);
    expect(renewed).not.toContain(first[1]);
    await page.getByRole('button', { name: 'I have kept them' }).click();

    // Log out; in again with the password and the next step's code (the confirming one was used).
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Username').fill(USER);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();

    // Off with a recovery code; an old one is refused first.
    await page.getByRole('link', { name: 'Account settings' }).click();
    await section(page).getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await off.getByLabel('Code from the app, or a recovery code').fill(first[1]!);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await off.getByRole('alert').waitFor();
    await off.getByLabel('Code from the app, or a recovery code').fill(renewed[0]!);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await off.waitFor({ state: 'hidden' });
    await section(page).getByText('Two-factor sign-in is off').waitFor();

    // The account's security events: the two-factor ones (recorded by the audit's consumer, soon).
    await choose(page, 'Events', 'Two-factor sign-in');
    const events = page.getByRole('table', { name: 'Security events' });
    await expect
      .poll(async () => {
        await page.getByRole('region', { name: 'Recent security events' }).getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(300);
        return (await events.count()) ? ((await events.textContent()) ?? '') : '';
      }, { timeout: limit(15_000) })
      .toMatch(/account\.two_factor\.disabled.*account\.two_factor\.recovery_codes_renewed.*account\.two_factor\.enabled/);
    expect(await events.textContent()).not.toMatch(/account\.login/);
    await events.getByRole('button', { name: /^Details: account\.two_factor\.disabled/ }).click();
    await events.getByText('"method": "recovery_code"').waitFor();
    await screenshot(page, 'settings-two-factor', { notices: false });
  });

  it('shows the audit trail to an administrator, filtered by type and user, details expandable', async () => {
    const { page } = await run.open();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Audit trail' }).click();
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await page.getByRole('table', { name: 'Audit trail' }).waitFor();
    // A type the server refuses: its message under the field.
    await page.getByRole('combobox', { name: 'Event type, or its start' }).fill('Two Factor');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator('.mantine-InputWrapper-error', { hasText: 'must be an event type such as account.login.failed' }).waitFor();
    await page.getByRole('combobox', { name: 'Event type, or its start' }).fill('account.two_factor');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const table = page.getByRole('table', { name: 'Audit trail' });
    // Read until the filtered answer is shown: the table before it held two_factor events too.
    const filtered = async () => ((await table.count()) ? ((await table.textContent()) ?? '') : '');
    await expect.poll(async () => { const shown = await filtered(); return /account\.two_factor\.disabled/.test(shown) && !/account\.login|account\.user/.test(shown); }).toBe(true);
    const text = (await table.textContent()) ?? '';
    expect(text).toMatch(/account\.two_factor\.enabled/);
    expect(text).toContain(USER);
    expect(text).not.toMatch(/account\.login|account\.user/);
    await table.getByRole('button', { name: /^Details: account\.two_factor\.enabled/ }).click();
    await table.getByText(`"username": "${USER}"`).waitFor();
    await page.getByRole('status').filter({ hasText: /^1–3 of 3, newest first$/ }).waitFor();
    await screenshot(page, 'audit-trail', { notices: false });
    // Everyone's logins, then only the administrator's.
    await page.getByRole('combobox', { name: 'Event type, or its start' }).fill('account.login');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await table.getByText(USER).first().waitFor();
    await page.getByRole('textbox', { name: 'User', exact: true }).or(page.getByRole('combobox', { name: 'User', exact: true })).fill('admin');
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(async () => (await table.textContent()) ?? '').not.toContain(USER);
  });

  it('refuses to require two-factor sign-in for a permission the administrator holds without it', async () => {
    const { page } = await run.open();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Users and groups' }).click();
    await page.getByRole('tab', { name: 'Groups' }).click();
    const requirement = page.getByRole('region', { name: 'Two-factor sign-in required' });
    const field = 'Permissions that need two-factor sign-in';
    await requirement.getByRole('textbox', { name: field }).or(requirement.getByRole('combobox', { name: field })).click();
    await page.getByRole('option', { name: 'manage_webhooks', exact: true }).click();
    await page.keyboard.press('Escape');
    await requirement.getByRole('button', { name: 'Save requirement' }).click();
    await requirement.getByRole('alert').waitFor();
    await expect(requirement.getByRole('alert').textContent()).resolves.toMatch(/Turn on two-factor sign-in for your own account first/);
  });
});
