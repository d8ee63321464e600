// What a user may not do is not offered (issue 35): limited users page by page, each offered only
// what the server allows them, and what is offered succeeds through the API while what is not
// offered is refused by it. A media-only user; one managing players, alerts and timeslots of one
// player only; one who may make their own playlists but not manage others'; and one without any
// permission but a timeslot of their own.
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, choose, go, seedMedia, startConsole, wav, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: only what a user may do is offered (issue 35)', () => {
  let run: ConsoleRun;
  let north: number;
  let south: number;
  let jingle: number;
  const userIds: Record<string, number> = {};
  const today = DateTime.now().setZone('Europe/London').toISODate()!;
  /** An API client logged in as `username` (whose password is `<username>-password`). */
  const as = async (username: string) => {
    const { createClient } = await import('@airwave/client');
    const client = createClient({ baseUrl: run.url });
    const { key } = await client.login(username, `${username}-password`);
    return { client, key };
  };
  const status = (promise: Promise<unknown>) => promise.then(() => 200, (e: { status?: number }) => e.status);

  beforeAll(async () => {
    run = await startConsole();
    jingle = await seedMedia(run, 'Station Jingle', 2);
    const { client } = await adminApi(run);
    north = (await client.scheduling.playerCreate({ name: 'North FM', timezone: 'Europe/London' })).id;
    south = (await client.scheduling.playerCreate({ name: 'South FM', timezone: 'Europe/London' })).id;
    await client.playlists.playlistCreate({ name: 'Admin Hour', description: '', status: 'public', items: [{ type: 'media', media_id: jingle }] });
    const secret = await client.playlists.playlistCreate({ name: 'Admin Secret', description: '', status: 'private', items: [{ type: 'media', media_id: jingle }] });
    await client.scheduling.playerSave({ id: south, name: 'South FM', timezone: 'Europe/London', default_playlist_id: secret.id });
    await client.scheduling.showCreate({ player_id: north, mode: 'once', start: `${today} 10:00:00`, duration: 3600, item_type: 'live' });
    const groups = {
      librarian: ['create_own_media'],
      north: [`manage_players:${north}`, `manage_alerts:${north}`, `manage_timeslots:${north}`],
      compiler: ['create_own_playlists'],
      presenter: [],
    };
    for (const [username, permissions] of Object.entries(groups)) {
      const group = await client.users.groupCreate({ name: `${username} group`, permissions });
      userIds[username] = (await client.users.create({ username, password: `${username}-password`, group_ids: [group.id] })).id;
    }
  });
  afterAll(() => run?.stop());

  const count = (page: Page, role: 'button' | 'link', name: string) => page.getByRole(role, { name, exact: true }).count();
  const links = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents();

  it("names another's private default playlist as private, not by a number (N8)", async () => {
    const { page } = await run.open('presenter', 'presenter-password', 1366);
    await page.goto('/players');
    const row = page.getByRole('row').filter({ hasText: 'South FM' });
    await row.getByText('a private playlist').waitFor();
    expect(await row.textContent()).not.toContain('Admin Secret');
  });

  it('offers a media-only user uploading and editing their own items, and no scheduling, players, playlists or library management', async () => {
    const { client, key } = await as('librarian');
    const upload = await fetch(`${run.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: new Uint8Array(wav(1)) });
    const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
    const [mine] = await client.media.save({ media: [{ file_id, file_key, title: 'My Demo' }] as never });
    const { page } = await run.open('librarian', 'librarian-password', 1366);
    expect(await links(page)).toEqual(['On air', 'Media', 'Schedule', 'Rundown', 'Reports', 'Players', 'Playlists', 'Clocks', 'Account settings']);

    await page.goto('/media');
    const table = page.getByRole('table', { name: 'Media items' });
    await table.getByText('Station Jingle').waitFor();
    expect(await count(page, 'button', 'Upload files')).toBe(1);
    // Someone else's item is listed, not offered for editing, and the server refuses its edit.
    expect(await count(page, 'button', 'Edit Station Jingle')).toBe(0);
    await page.getByRole('checkbox', { name: 'Select Station Jingle' }).check();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).isDisabled()).toBe(true);
    await page.getByText('Not yours to edit: “Station Jingle”').waitFor();
    for (const name of ['Archive', 'Restore', 'Delete']) expect(await count(page, 'button', name)).toBe(0);
    expect(await status(client.media.save({ media: [{ id: jingle, title: 'Mine now' }] as never }))).toBe(403);
    // Their own item (waiting for approval) is offered, and its edit is saved.
    await page.getByRole('search').locator('label').filter({ hasText: /^Unapproved$/ }).click();
    await page.getByRole('button', { name: 'Edit My Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit My Demo' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('My Demo, final');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await client.media.get({ id: mine!.id })).title).toBe('My Demo, final');

    await page.goto('/schedule');
    await page.getByLabel('Line-In, 10:00 - 11:00').waitFor();
    for (const name of ['New show or timeslot', 'New player']) expect(await count(page, 'button', name)).toBe(0);
    await page.goto('/players');
    await page.getByRole('table', { name: 'Players' }).getByText('North FM').waitFor();
    for (const name of ['New player', 'Edit North FM', 'Delete North FM']) expect(await count(page, 'button', name)).toBe(0);
    await page.goto('/playlists');
    await page.getByRole('table', { name: 'Playlists' }).getByText('Admin Hour').waitFor();
    for (const name of ['New playlist', 'Edit Admin Hour', 'Delete Admin Hour']) expect(await count(page, 'button', name)).toBe(0);
  });

  it("offers a user holding one player's permissions that player's alerts and schedule only, and no player editing", async () => {
    const { client } = await as('north');
    const { page } = await run.open('north', 'north-password', 1366);
    expect(await links(page)).toEqual(['On air', 'Media', 'Schedule', 'Rundown', 'Reports', 'Players', 'Playlists', 'Clocks', 'Alerts', 'Account settings']);
    // manage_players is granted for every player or none: the server refuses it for one.
    await go(page, 'Players');
    await page.getByRole('table', { name: 'Players' }).getByText('North FM').waitFor();
    for (const name of ['New player', 'Edit North FM', 'Delete North FM']) expect(await count(page, 'button', name)).toBe(0);
    expect(await status(client.scheduling.playerDelete({ id: north }))).toBe(403);

    // Alerts: only North FM to choose, and an alert made there through the form is saved.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('button', { name: 'New alert' }).click();
    const form = page.getByRole('dialog', { name: 'New alert on North FM' });
    await form.getByLabel('Name').fill('Travel');
    await form.getByRole('combobox', { name: 'Media item' }).or(form.getByRole('textbox', { name: 'Media item' })).fill('Station');
    await page.getByRole('option', { name: 'Station Jingle' }).click();
    await form.getByLabel('Every (minutes)').fill('15');
    await form.getByLabel('Start (London time)').fill('2027-06-01T08:00');
    await form.getByLabel('Stop (London time)').fill('2027-06-01T20:00');
    await form.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Travel was saved.').waitFor();
    await page.getByRole('textbox', { name: 'Player', exact: true }).or(page.getByRole('combobox', { name: 'Player', exact: true })).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['North FM']);
    await page.keyboard.press('Escape');
    expect(await status(client.scheduling.alertSearch({ player_id: south }))).toBe(403);

    // The schedule: North FM's entries open and new ones are offered; South FM's are not.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Schedule' }).click();
    await page.getByLabel('Line-In, 10:00 - 11:00').click();
    await page.getByRole('dialog', { name: 'Edit show on North FM' }).getByRole('button', { name: 'Save show' }).click();
    await page.getByText('The show was saved.').waitFor();
    expect(await count(page, 'button', 'New show or timeslot')).toBe(1);
    await choose(page, 'Player', 'South FM');
    await page.getByText('Times are London time (Europe/London).').waitFor();
    await page.getByText(/nothing you may schedule/).waitFor();
    expect(await count(page, 'button', 'New show or timeslot')).toBe(0);
    expect(await status(client.scheduling.timeslotCreate({ player_id: south, mode: 'once', start: `${today} 18:00:00`, duration: 3600, user_id: userIds.north! }))).toBe(403);
  });

  it("offers a user with create_own_playlists (not manage_playlists) their own playlists only", async () => {
    const { client } = await as('compiler');
    await client.playlists.playlistCreate({ name: 'My Mix', description: '', items: [{ type: 'media', media_id: jingle }] });
    const { page } = await run.open('compiler', 'compiler-password', 1366);
    await page.goto('/playlists');
    await page.getByRole('table', { name: 'Playlists' }).getByText('Admin Hour').waitFor();
    expect(await count(page, 'button', 'New playlist')).toBe(1);
    for (const name of ['Edit Admin Hour', 'Delete Admin Hour']) expect(await count(page, 'button', name)).toBe(0);
    const admins = (await client.playlists.playlistSearch({ q: 'Admin Hour' })).playlists[0]!;
    expect(await status(client.playlists.playlistDelete({ id: admins.id }))).toBe(403);
    await page.getByRole('button', { name: 'Edit My Mix' }).click();
    await page.getByRole('dialog', { name: 'Edit playlist My Mix' }).getByRole('button', { name: 'Save playlist' }).click();
    await page.getByText('My Mix was saved.').waitFor();
  });

  it('offers a user without permissions only their own show in their own timeslot, and no administration', async () => {
    const { client: admin } = await adminApi(run);
    await admin.scheduling.timeslotCreate({ player_id: north, mode: 'once', start: `${today} 14:00:00`, duration: 7200, user_id: userIds.presenter!, description: 'Afternoons' });
    const { client } = await as('presenter');
    await client.scheduling.showCreate({ player_id: north, mode: 'once', start: `${today} 14:00:00`, duration: 3600, item_type: 'live' });
    const { page } = await run.open('presenter', 'presenter-password', 1366);
    expect(await links(page)).toEqual(['On air', 'Media', 'Schedule', 'Rundown', 'Reports', 'Players', 'Playlists', 'Clocks', 'Account settings']);
    for (const path of ['/dayparting', '/modules', '/users', '/app-keys', '/webhooks', '/audit']) {
      await page.goto(path);
      await page.getByRole('alert').filter({ hasText: 'which your account does not have' }).waitFor();
    }
    await page.goto('/media');
    await page.getByRole('table', { name: 'Media items' }).getByText('Station Jingle').waitFor();
    expect(await count(page, 'button', 'Upload files')).toBe(0);
    expect(await count(page, 'button', 'Edit')).toBe(0);

    await page.goto('/schedule');
    // Someone else's show and the timeslot open nothing (the server refuses their change).
    await page.getByLabel('Line-In, 10:00 - 11:00').click();
    await page.getByLabel('Timeslot: Afternoons, 14:00 - 16:00').click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const [others] = await client.scheduling.showList({ start: `${today} 09:00:00`, end: `${today} 12:00:00`, player: north });
    expect(await status(client.scheduling.showDelete({ id: others!.id }))).toBe(403);
    // Their own show opens, and is saved.
    expect(await count(page, 'button', 'New show or timeslot')).toBe(1);
    await page.getByLabel('Line-In, 14:00 - 15:00').click();
    await page.getByRole('dialog', { name: 'Edit show on North FM' }).getByRole('button', { name: 'Save show' }).click();
    await page.getByText('The show was saved.').waitFor();
  });
});
