// What a station manager's first day found (issue 35), each point as it was met: a new player's
// time zone, the media status switch, a weekly show without a last day, a show's item named by
// its title, focus returned after dialogs, a reused two-factor code, and a dayparting restriction
// without a filter value; each at 1366 px and at 390 px (a phone).
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, choose, go, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: a first day (issue 35)', () => {
  let run: ConsoleRun;
  beforeAll(async () => {
    run = await startConsole();
    await seedMedia(run, 'Sunny Song', 2);
    const old = await seedMedia(run, 'Old Song', 2);
    const { client } = await adminApi(run);
    await client.media.archive({ id: [old] });
  });
  afterAll(() => run?.stop());

  // Each point on a laptop and on a phone, with one server: each width its own player and user.
  describe.each([1366, 390])('at %i px', (width) => {
    let page: Page;
    const studio = `Studio ${width}`;
    const bird = `early${width}`;
    beforeAll(async () => {
      ({ page } = await run.open('admin', undefined, width));
    });

    const zoneField = () => page.getByRole('dialog', { name: 'New player' }).getByRole('combobox', { name: 'Time zone' }).or(page.getByRole('dialog', { name: 'New player' }).getByRole('textbox', { name: 'Time zone' }));
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

    it('(1) keeps a new player\'s time zone: choosing the chosen zone again, or typing and picking one, never empties it', async () => {
      await go(page, 'Schedule');
      await page.getByRole('button', { name: 'New player' }).click();
      await page.getByRole('dialog', { name: 'New player' }).getByLabel('Name').fill(studio);
      await expect(zoneField().inputValue()).resolves.toBe('UTC');
      // The pre-filled zone chosen again stays.
      await zoneField().click();
      await page.getByRole('option', { name: 'UTC', exact: true }).click();
      await expect(zoneField().inputValue()).resolves.toBe('UTC');
      await zoneField().fill('Europe/Lon');
      await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
      await expect(zoneField().inputValue()).resolves.toBe('Europe/London');
      await zoneField().click();
      await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
      await expect(zoneField().inputValue()).resolves.toBe('Europe/London');
      await page.getByRole('dialog', { name: 'New player' }).getByRole('button', { name: 'Create player' }).click();
      await page.getByText('Times are London time (Europe/London).').waitFor();
      const { client } = await adminApi(run);
      expect((await client.scheduling.playerList({})).filter((p) => p.name === studio).map((p) => [p.name, p.timezone])).toEqual([[studio, 'Europe/London']]);
    });

    it('(3) saves a weekly show without a last day, "until changed"', async () => {
      const dialog = page.getByRole('dialog', { name: new RegExp(`on ${studio}$`) });
      await page.getByRole('button', { name: 'New show or timeslot' }).click();
      await dialog.getByLabel('Date').fill('2026-06-07');
      await dialog.getByRole('textbox', { name: /^Time \(/ }).fill('07:00');
      await choose(page, 'Repeat', 'Every week');
      await choose(page, 'What airs', 'A media item');
      await dialog.getByRole('combobox', { name: 'Media item' }).or(dialog.getByRole('textbox', { name: 'Media item' })).fill('Sunny');
      await page.getByRole('option', { name: 'Sunny Song' }).click();
      await expect(page.getByTestId('entry-summary').textContent()).resolves.toBe('This show airs every week on Sunday at 07:00 London time until changed, for 1 hour, from 7 Jun 2026.');
      await dialog.getByRole('button', { name: 'Save show' }).click();
      await page.getByText('The show was saved.').waitFor();
      await page.getByLabel('Go to the week of').fill('2027-06-06');
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await page.getByLabel('Sunny Song, 07:00 - 08:00').waitFor();
    });

    it('(4, 5) names the item of a show being edited by its title, and gives focus back when its dialogs close', async () => {
      const event = page.getByLabel('Sunny Song, 07:00 - 08:00');
      // With the keyboard, as the calendar's events are reachable and opened with Enter.
      await event.focus();
      await page.keyboard.press('Enter');
      const which = page.getByRole('dialog', { name: new RegExp(`^Sunny Song, .* on ${studio}$`) });
      await which.getByText('All occurrences').click();
      await which.getByRole('button', { name: 'Continue' }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^Edit show on ${studio}$`) });
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Media item' }).or(dialog.getByRole('textbox', { name: 'Media item' })).inputValue()).toBe('Sunny Song');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(focused).toBe('Sunny Song, 07:00 - 08:00');
    });

    it('(5) gives focus back after the media edit and versions dialogs', async () => {
      await go(page, 'Media');
      await page.getByRole('button', { name: 'Edit Sunny Song' }).click();
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(focused).toBe('Edit Sunny Song');
      await page.getByRole('button', { name: 'Versions of Sunny Song' }).click();
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(focused).toBe('Versions of Sunny Song');
    });

    it('(2) shows the status chosen and searches with it, and back again', async () => {
      const rows = page.getByRole('table', { name: 'Media items' }).locator('tbody tr');
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Sunny Song')]);
      await page.getByRole('search').locator('label').filter({ hasText: /^Archived$/ }).click();
      await expect(page.getByRole('search').getByRole('radio', { name: 'Archived', exact: true }).isChecked()).resolves.toBe(true);
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Old Song')]);
      await page.getByRole('search').locator('label').filter({ hasText: /^Approved$/ }).click();
      await expect(page.getByRole('search').getByRole('radio', { name: 'Approved', exact: true }).isChecked()).resolves.toBe(true);
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Sunny Song')]);
    });

    it('(8) refuses a dayparting restriction with an empty filter value, and asks before deleting one', async () => {
      await go(page, 'Dayparting');
      await page.getByRole('button', { name: 'New restriction' }).click();
      const dialog = page.getByRole('dialog', { name: 'New restriction' });
      await dialog.getByLabel('Description').fill('No jingles at night');
      await dialog.getByRole('button', { name: 'Save restriction' }).click();
      await dialog.getByText('Enter a value, or remove this filter.').waitFor();
      const { client } = await adminApi(run);
      expect(await client.scheduling.daypartingSearch({})).toEqual([]);
      await dialog.getByRole('textbox', { name: 'Filter 1 value' }).fill('jingle');
      await dialog.getByRole('button', { name: 'Save restriction' }).click();
      await dialog.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'Dayparting restrictions' });
      await page.getByRole('button', { name: 'Delete No jingles at night' }).click();
      const asking = page.getByRole('dialog', { name: 'Delete No jingles at night?' });
      await asking.getByRole('button', { name: 'Cancel' }).click();
      await asking.waitFor({ state: 'hidden' });
      await table.getByText('No jingles at night').waitFor();
      await page.getByRole('button', { name: 'Delete No jingles at night' }).click();
      await asking.getByRole('button', { name: 'Delete restriction' }).click();
      await page.getByText('No restrictions.').waitFor();
      expect(await client.scheduling.daypartingSearch({})).toEqual([]);
    });

    it('(9) says what is wrong in plain words, naming the field as the form labels it and an item by its title', async () => {
      await go(page, 'Media');
      await page.getByRole('button', { name: 'Edit Sunny Song' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Sunny Song' });
      const title = dialog.getByRole('textbox', { name: 'Title' });
      expect(await title.getAttribute('required')).not.toBeNull();
      await title.fill('x'.repeat(501));
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      // One item edited: its field is named alone, not "Title of item 1" (issue 43, N12).
      await expect(dialog.getByRole('alert').first().textContent()).resolves.toBe('Nothing was saved. Title is too long: at most 500 characters.');
      await dialog.locator('.mantine-InputWrapper-error', { hasText: 'Too long: at most 500 characters.' }).first().waitFor();
      await page.keyboard.press('Escape');
      // An approved item is not deleted, and the refusal names it.
      await page.getByRole('checkbox', { name: 'Select Sunny Song' }).check();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Delete 1 item(s)' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /Nothing was deleted/ }).textContent()).resolves.toBe('Only archived or unapproved items can be deleted, and “Sunny Song” is approved. Nothing was deleted.');
      // The two passwords of the settings differ.
      await go(page, 'Account settings');
      await page.getByLabel('New password (leave empty to keep it)').fill('a-new-password-1');
      await page.getByLabel('New password again').fill('a-new-password-2');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('alert').filter({ hasText: 'New password again does not match the password.' }).waitFor();
      await page.getByText('Does not match the password.', { exact: true }).waitFor();
      // A new password asks for the current one (issue 43, N5), and a wrong one changes nothing.
      await page.getByLabel('New password again').fill('a-new-password-1');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Needed to set a new password.', { exact: true }).waitFor();
      await page.getByLabel('Current password').fill('not-the-password');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('alert').filter({ hasText: 'The password is not right.' }).waitFor();
    });

    it('(7) says to wait for the next code when a two-factor code is used again', async () => {
      const { client } = await adminApi(run);
      await client.users.create({ username: bird, password: `${bird}-password` });
      const theirs = (await import('@airwave/client')).createClient({ baseUrl: run.url });
      await theirs.login(bird, `${bird}-password`);
      const { secret } = await theirs.twoFactor.setup({ password: `${bird}-password` });
      const totp = new TOTP({ secret });
      await theirs.twoFactor.confirm({ code: totp.generate({ timestamp: Date.now() - 30_000 }) });
      const code = totp.generate();
      const { page: first } = await run.open(null, undefined, width);
      await first.getByLabel('Username').fill(bird);
      await first.getByRole('textbox', { name: 'Password' }).fill(`${bird}-password`);
      await first.getByRole('button', { name: 'Log in' }).click();
      await first.getByLabel('Code').fill(code);
      await first.getByRole('button', { name: 'Log in' }).click();
      await first.getByRole('navigation', { name: 'Pages' }).waitFor();
      const { page: second } = await run.open(null, undefined, width);
      await second.getByLabel('Username').fill(bird);
      await second.getByRole('textbox', { name: 'Password' }).fill(`${bird}-password`);
      await second.getByRole('button', { name: 'Log in' }).click();
      await second.getByLabel('Code').fill(code);
      await second.getByRole('button', { name: 'Log in' }).click();
      await second.getByRole('alert').filter({ hasText: /wait for the next code/ }).waitFor();
    });
  });
});
