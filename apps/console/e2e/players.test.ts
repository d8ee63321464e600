// Players: every field, a child player and what it takes from its parent, edit, and deleting a
// parent refused with the server's message; a player Airwave airs to an Icecast mount, its source
// password write only, its state and where a live source connects as GET /playout/status says.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../vitest.shared';
import { adminApi, axeViolations, browserAvailable, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

const SOURCE_SECRET = 'icecast-Source-Secret-7';

describe.skipIf(!browserAvailable)('console: players', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    await seedMedia(run, 'Network ID', 3);
    ({ page } = await run.open());
    page.on('response', (response) => {
      // JSON answers only: an event stream's body would not end.
      if (response.url().includes('/api/') && response.headers()['content-type']?.includes('application/json')) answers.push(response.text().catch(() => ''));
    });
    await page.getByRole('link', { name: 'Players' }).click();
  });
  /** Every answer of the API the page read, to look for the source password in. */
  const answers: Promise<string>[] = [];
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
    await expect(row('Network').textContent()).resolves.toMatch(/Europe\/London.*Audio, Video.*OB Player: never connected.*password set/);

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

  /** The body of the next create or save the page sends, once `act` has clicked. */
  async function sent(act: () => Promise<void>): Promise<Record<string, unknown>> {
    const request = page.waitForRequest((r: Request) => /\/api\/v2\/players(\/\d+)?$/.test(new URL(r.url()).pathname) && ['POST', 'PUT'].includes(r.method()));
    await act();
    return (await request).postDataJSON() as Record<string, unknown>;
  }
  type Status = Awaited<ReturnType<Awaited<ReturnType<typeof adminApi>>['client']['playout']['status']>>;
  /** What the page says of the player's state, as the status the API answered at `readAt` has it. */
  function stateWords(status: Status, id: number, readAt: number): string {
    const lease = status.players.find((p) => p.player_id === id);
    if (lease && Date.parse(lease.expires_at) > readAt) return `On air, aired by ${lease.holder} since `;
    if (lease) return `Not on air: ${lease.holder} stopped renewing its lease`;
    return status.enabled ? 'Not on air yet: no replica has taken it' : `Not on air: ${status.reason}`;
  }

  it('puts a player on air with Airwave: the Icecast mount and its source password, never shown again; its state and harbor as the API says', async () => {
    const { client } = await adminApi(run);
    await page.getByRole('button', { name: 'New player' }).click();
    const dialog = form('New player');
    await dialog.getByLabel('Name').fill('Airwave FM');
    await pickZone(dialog, 'Europe/Par', 'Europe/Paris');
    await dialog.getByLabel('Sync password').fill('typed-sync-1');
    // Airwave airs it: OB Player's fields are hidden (kept), the mount's are asked for.
    await dialog.getByRole('radio', { name: 'Airwave airs it to an Icecast mount' }).check();
    await expect(dialog.getByLabel('Sync password').count()).resolves.toBe(0);
    await dialog.getByText('None yet: Airwave cannot stream to the mount').waitFor();
    await dialog.getByLabel('Icecast mount (stream URL)').fill('http://127.0.0.1:9/station.mp3');
    await dialog.getByLabel(/^Icecast source password/).fill(SOURCE_SECRET);
    // the level each analysed item airs at (issue 44): -18 LUFS unless changed
    await expect(dialog.getByLabel('Loudness (LUFS)').inputValue()).resolves.toBe('-18');
    await dialog.getByLabel('Loudness (LUFS)').fill('-16');
    // switching back and forth loses nothing typed
    await dialog.getByRole('radio', { name: 'OB Player syncs from this server' }).check();
    await expect(dialog.getByLabel('Sync password').inputValue()).resolves.toBe('typed-sync-1');
    await expect(dialog.getByLabel('Stream URL (optional)').inputValue()).resolves.toBe('http://127.0.0.1:9/station.mp3');
    await dialog.getByRole('radio', { name: 'Airwave airs it to an Icecast mount' }).check();
    await expect(dialog.getByLabel(/^Icecast source password/).inputValue()).resolves.toBe(SOURCE_SECRET);
    expect(await axeViolations(page)).toEqual([]);
    const created = await sent(() => dialog.getByRole('button', { name: 'Create player' }).click());
    // only what applies to Airwave: no sync password, no address
    expect(created).toMatchObject({ playout: 'airwave', stream_url: 'http://127.0.0.1:9/station.mp3', source_password: SOURCE_SECRET, loudness_target: -16 });
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('ip_address');
    await page.getByText('Airwave FM was saved.').waitFor();
    const player = (await client.scheduling.playerList({})).find((p) => p.name === 'Airwave FM')!;
    expect(player).toMatchObject({ playout: 'airwave', has_icecast_source: true, can_sync: false, loudness_target: -16 });
    await expect.poll(() => row('Airwave FM').textContent()).toContain('source password set');

    // The state and the harbor the page shows are what GET /playout/status answers (Liquidsoap here
    // or not: without it, the server's reason; with it, the replica that took it).
    // (the page reads it every 10 s, and a lease may lapse while Liquidsoap starts: compared until they agree)
    let status = await client.playout.status({});
    if (status.enabled) await expect.poll(async () => (status = await client.playout.status({})).players.some((p) => p.player_id === player.id), { timeout: limit(15_000) }).toBe(true);
    const agrees = (text: () => Promise<string | null>) => async () => {
      const now = await client.playout.status({});
      const words = stateWords(now, player.id, Date.now());
      return (await text())?.includes(words) ? words : `not yet: ${words}`;
    };
    const says = (text: () => Promise<string | null>) => expect.poll(agrees(text), { timeout: limit(30_000), interval: 1000 }).not.toMatch(/^not yet/);
    await says(() => row('Airwave FM').textContent());
    const lease = status.players.find((p) => p.player_id === player.id);
    const address = lease ? `Live source: ${lease.harbor.host}:${lease.harbor.port}/live${lease.harbor.this_host_only ? ', on this server only' : ''}` : null;
    if (address) await expect(row('Airwave FM').textContent()).resolves.toContain(address);
    else await expect(row('Airwave FM').textContent()).resolves.not.toContain('Live source');

    await page.getByRole('button', { name: 'Edit Airwave FM' }).click();
    const edit = form('Edit player Airwave FM');
    await expect(edit.getByRole('radio', { name: 'Airwave airs it to an Icecast mount' }).isChecked()).resolves.toBe(true);
    await expect(edit.getByLabel(/^Icecast source password/).inputValue()).resolves.toBe('');
    await edit.getByText('Set: leave empty to keep it').waitFor();
    await says(() => edit.getByRole('group', { name: 'On air now' }).textContent());
    if (lease) {
      const where = edit.getByText(`Live source client (BUTT, Mixxx…): host ${lease.harbor.host}, port ${lease.harbor.port}, mount /live, user source, password: the live show's own, else this player's Icecast source password.`, { exact: false });
      await where.waitFor();
      if (lease.harbor.this_host_only) await expect(where.textContent()).resolves.toContain('On this server only');
    }
    // left empty, kept: nothing sent for it
    const kept = await sent(() => edit.getByRole('button', { name: 'Save player' }).click());
    expect(kept).not.toHaveProperty('source_password');
    await edit.waitFor({ state: 'detached' });
    expect((await client.scheduling.playerGet({ id: player.id })).has_icecast_source).toBe(true);
  });

  it("removes the source password: refused while Airwave airs it (under the field), done once OB Player does", async () => {
    const { client } = await adminApi(run);
    await page.getByRole('button', { name: 'Edit Airwave FM' }).click();
    const edit = form('Edit player Airwave FM');
    await edit.getByRole('checkbox', { name: 'Remove the Icecast source password' }).check();
    await edit.getByText('Removed on save').waitFor();
    const refused = await sent(() => edit.getByRole('button', { name: 'Save player' }).click());
    expect(refused).toMatchObject({ playout: 'airwave', source_password: null });
    await edit.getByText("a player aired by Airwave needs its Icecast mount's source password", { exact: true }).waitFor();
    // OB Player airs it: its sync fields are shown; the removal stays asked for
    await edit.getByRole('radio', { name: 'OB Player syncs from this server' }).check();
    await edit.getByLabel('Sync password').waitFor();
    await expect(edit.getByRole('checkbox', { name: 'Remove the Icecast source password' }).isChecked()).resolves.toBe(true);
    const removed = await sent(() => edit.getByRole('button', { name: 'Save player' }).click());
    expect(removed).toMatchObject({ playout: 'external', source_password: null, ip_address: null });
    await edit.waitFor({ state: 'detached' });
    expect(await client.scheduling.playerGet({ id: (await client.scheduling.playerList({})).find((p) => p.name === 'Airwave FM')!.id })).toMatchObject({ playout: 'external', has_icecast_source: false });
    await expect.poll(() => row('Airwave FM').textContent()).toContain('OB Player: never connected');
    // the source password was never in an answer the page read
    expect((await Promise.all(answers)).filter((body) => body.includes(SOURCE_SECRET))).toEqual([]);
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
