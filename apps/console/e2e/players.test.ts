// Players: every field, a child player and what it takes from its parent, edit, and deleting a
// parent refused with the server's message.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, axeViolations, browserAvailable, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: players', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    await seedMedia(run, 'Network ID', 3);
    ({ page } = await run.open());
    await page.getByRole('link', { name: 'Players' }).click();
  });
  afterAll(() => run?.stop());

  const row = (name: string) => page.getByRole('table', { name: 'Players' }).getByRole('row', { name: new RegExp(`^${name} `) });
  const form = (name: RegExp | string) => page.getByRole('dialog', { name });
  const input = (dialog: ReturnType<typeof form>, name: string) => dialog.getByRole('combobox', { name, exact: true }).or(dialog.getByRole('textbox', { name, exact: true }));
  async function pickZone(dialog: ReturnType<typeof form>, typed: string, zone: string) {
    await input(dialog, 'Time zone').fill(typed);
    await page.getByRole('option', { name: zone, exact: true }).click();
  }

  it('creates a player with every field, and a child that takes its schedule and station IDs', async () => {
    await page.getByRole('button', { name: 'New player' }).click();
    let dialog = form('New player');
    await dialog.getByLabel('Name').fill('Network');
    await pickZone(dialog, 'Europe/Lon', 'Europe/London');
    await dialog.getByLabel('Description').fill('The network feed');
    await dialog.getByLabel('Sync password').fill('sync-secret-1');
    await dialog.getByLabel('Only from address (optional)').fill('192.0.2.10');
    await dialog.getByRole('checkbox', { name: 'Video' }).check();
    await input(dialog, 'Station IDs').fill('Network');
    await page.getByRole('option', { name: 'Network ID' }).click();
    await dialog.getByLabel('Station ID image seconds').fill('10');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create player' }).click();
    await page.getByText('Network was saved.').waitFor();
    await expect(row('Network').textContent()).resolves.toMatch(/Europe\/London.*Audio, Video.*password set/);

    await page.getByRole('button', { name: 'New player' }).click();
    dialog = form('New player');
    await dialog.getByLabel('Name').fill('Relay North');
    await pickZone(dialog, 'Dublin', 'Europe/Dublin');
    // What a child takes is offered once it has a parent.
    await expect(dialog.getByRole('checkbox', { name: 'Schedule' }).isDisabled()).resolves.toBe(true);
    await input(dialog, 'Parent player').click();
    await page.getByRole('option', { name: 'Network', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Schedule' }).check();
    await dialog.getByRole('checkbox', { name: 'Station IDs' }).check();
    await dialog.getByRole('button', { name: 'Create player' }).click();
    await page.getByText('Relay North was saved.').waitFor();
    await expect(row('Relay North').textContent()).resolves.toContain('Network: Schedule, Station IDs');
    await expect(row('Relay North').textContent()).resolves.toContain('no password');
    await screenshot(page, 'players', { notices: false });
  });

  it('edits a player: its fields as saved, the password never shown and kept when left empty', async () => {
    await page.getByRole('button', { name: 'Edit Network' }).click();
    const dialog = form('Edit player Network');
    await expect(dialog.getByLabel('Description').inputValue()).resolves.toBe('The network feed');
    await expect(dialog.getByLabel('Only from address (optional)').inputValue()).resolves.toBe('192.0.2.10');
    await expect(dialog.getByLabel('Sync password').inputValue()).resolves.toBe('');
    await dialog.getByText('Set: leave empty to keep it').waitFor();
    await dialog.getByText('Network ID').waitFor();
    await expect(dialog.getByLabel('Station ID image seconds').inputValue()).resolves.toBe('10');
    await expect(input(dialog, 'Time zone').inputValue()).resolves.toBe('Europe/London');
    await dialog.getByLabel('Description').fill('The network feed, from London');
    await dialog.getByRole('button', { name: 'Save player' }).click();
    // (an earlier "Network was saved." notice may still be shown: the row is read until it changes)
    await expect.poll(() => row('Network').textContent()).toContain('from London');
    const { client } = await adminApi(run);
    const saved = (await client.scheduling.playerList({})).find((p) => p.name === 'Network')!;
    expect(saved).toMatchObject({ can_sync: true, timezone: 'Europe/London', ip_address: '192.0.2.10', support_video: true, station_id_image_duration: 10 });
    expect(saved.station_ids).toHaveLength(1);
  });

  it('refuses to delete a parent with the server\'s message, and deletes the child', async () => {
    await page.getByRole('button', { name: 'Delete Network' }).click();
    await form('Delete Network?').getByRole('button', { name: 'Delete player' }).click();
    await page.getByRole('alert').filter({ hasText: /is the parent of 1 player\(s\)/ }).waitFor();
    await row('Network').waitFor();
    await page.getByRole('button', { name: 'Delete Relay North' }).click();
    await form('Delete Relay North?').getByRole('button', { name: 'Delete player' }).click();
    await page.getByText('Relay North was deleted.').waitFor();
    await expect.poll(() => row('Relay North').count()).toBe(0);
  });
});
