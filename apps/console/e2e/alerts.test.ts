// Alerts of a player: created with an item found by title, times in the player's zone, edited,
// refused with the server's message under its field, deleted; a child taking its parent's alerts
// says so.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, axeViolations, browserAvailable, choose, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: alerts', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    await seedMedia(run, 'Flood Warning', 5);
    const { client } = await adminApi(run);
    const coast = await client.scheduling.playerCreate({ name: 'Coast FM', timezone: 'Europe/London' });
    await client.scheduling.playerCreate({ name: 'Coast Relay', timezone: 'Europe/London', parent_player_id: coast.id, use_parent_alert: true });
    ({ page } = await run.open());
    await page.getByRole('link', { name: 'Alerts' }).click();
  });
  afterAll(() => run?.stop());

  const form = () => page.getByRole('dialog', { name: /alert .*on Coast FM$|New alert on Coast FM/ });
  const row = () => page.getByRole('table', { name: 'Alerts' }).getByRole('row', { name: /^Flood warning / });

  it("creates an alert in the player's zone, edits it, shows a refusal under its field, and deletes it", async () => {
    await choose(page, 'Player', 'Coast FM');
    await page.getByText('Times are London time (Europe/London).').waitFor();
    await page.getByRole('button', { name: 'New alert' }).click();
    await form().getByLabel('Name').fill('Flood warning');
    await form().getByRole('combobox', { name: 'Media item' }).or(form().getByRole('textbox', { name: 'Media item' })).fill('Flood');
    await page.getByRole('option', { name: 'Flood Warning' }).click();
    await form().getByLabel('Every (minutes)').fill('15');
    await form().getByLabel('Start (London time)').fill('2027-06-01T08:00');
    await form().getByLabel('Stop (London time)').fill('2027-06-01T20:00');
    expect(await axeViolations(page)).toEqual([]);
    await form().getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Flood warning was saved.').waitFor();
    await expect(row().textContent()).resolves.toBe('Flood warningFlood Warningevery 15 minutes1 Jun 2027, 08:001 Jun 2027, 20:00EditDelete');
    const { client } = await adminApi(run);
    const [saved] = await client.scheduling.alertSearch({ player_id: (await client.scheduling.playerList({})).find((p) => p.name === 'Coast FM')!.id });
    expect(saved).toMatchObject({ start: '2027-06-01T08:00:00+01:00', stop: '2027-06-01T20:00:00+01:00', frequency: 900 });
    await screenshot(page, 'alerts', { notices: false });

    await page.getByRole('button', { name: 'Edit Flood warning' }).click();
    await expect(form().getByRole('combobox', { name: 'Media item' }).or(form().getByRole('textbox', { name: 'Media item' })).inputValue()).resolves.toBe('Flood Warning');
    await form().getByLabel('Stop (London time)').fill('2027-06-01T07:00');
    await form().getByRole('button', { name: 'Save alert' }).click();
    await form().getByText('must be after start', { exact: true }).waitFor();
    await form().getByLabel('Stop (London time)').fill('2027-06-02T07:00');
    await form().getByLabel('Every (minutes)').fill('30');
    await form().getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Flood warning was saved.').last().waitFor();
    await expect.poll(() => row().textContent()).toContain('every 30 minutes');
    await expect(row().textContent()).resolves.toContain('2 Jun 2027, 07:00');

    await page.getByRole('button', { name: 'Delete Flood warning' }).click();
    await page.getByRole('dialog', { name: 'Delete Flood warning?' }).getByRole('button', { name: 'Delete alert' }).click();
    await page.getByText('No alerts on Coast FM.').waitFor();
  });

  it("says that a child airs its parent's alerts", async () => {
    await choose(page, 'Player', 'Coast Relay');
    await page.getByText("Coast Relay airs the alerts of its parent, Coast FM, instead of these.").waitFor();
  });
});
