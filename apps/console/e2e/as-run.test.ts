// The as-run log page (issue 43): a New York player's log seeded as OB Player sends it (remote.php,
// no end) and as Airwave's playout does (with an end); a day in the player's zone with its rows in
// order, filtered by the server (title and show words, the source), the CSV download equal to the server's
// CSV for that filter, a range of days, the next day, a refused range in words, paging; a user
// holding the permission for one player sees that one, a user without it is told which it needs;
// axe-clean at 1366 and 390 px. The CSV's pages joined (no browser) first.
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../src/as-run/csv-records';
import { adminApi, axeViolations, browserAvailable, choose, go, screenshot, startConsole, type ConsoleRun } from './support';

describe("the monitor's CSV records", () => {
  it('splits at line ends outside quotes, keeping each record whole', () => {
    const csv = 'Media ID,Title\r\n1,"Two\r\nlines"\r\n2,"a ""quoted"", one"\r\n';
    expect(csvRecords(csv)).toEqual(['Media ID,Title\r\n', '1,"Two\r\nlines"\r\n', '2,"a ""quoted"", one"\r\n']);
    expect(csvRecords(csv).join('')).toBe(csv);
    expect(csvRecords('')).toEqual([]);
  });
});

const ZONE = 'America/New_York';
const DAY = '2026-11-20';
const PASSWORD = 'as-run-sync-password';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toSeconds();

describe.skipIf(!browserAvailable)('console: the as-run log', () => {
  let run: ConsoleRun;
  let page: Page;
  let player: number;
  let client: Awaited<ReturnType<typeof adminApi>>['client'];
  const errors: string[] = [];
  /** Refusals the scenario asks for: the browser reports each 400 in its console. */
  let refusals = 0;

  /** What Airwave's playout sends: plays with their end. */
  const append = (entries: Record<string, unknown>[]) => run.system.infrastructure[0]!.bus.request('scheduling.internal.asrun.append', { input: { player_id: player, entries }, principal: null });
  /** What OB Player sends through remote.php: plays without an end. */
  const playlog = async (entries: { title: string; artist: string; at: number; context: string; emerg_id?: number }[]) => {
    const xml = entries.map((e) => `<entry><media_id>0</media_id><artist>${e.artist}</artist><title>${e.title}</title><datetime>${e.at}</datetime><context>${e.context}</context><emerg_id>${e.emerg_id ?? 0}</emerg_id><notes></notes></entry>`).join('');
    const body = new URLSearchParams({ id: String(player), pw: PASSWORD, data: `<?xml version="1.0" ?><obconnect><playlog>${xml}</playlog></obconnect>` });
    const reply = await fetch(`${run.url}/remote.php?action=playlog_post`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(await reply.text()).not.toContain('<error>');
  };
  const rows = async () => (await page.getByRole('table', { name: 'As-run log' }).getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t').map((cell) => cell.trim()));
  const apply = async (fields: { from?: string; until?: string; title?: string; artist?: string; show?: string }) => {
    if (fields.from !== undefined) await page.getByLabel('From').fill(fields.from);
    if (fields.until !== undefined) await page.getByLabel('Until').fill(fields.until);
    if (fields.title !== undefined) await page.getByLabel('Title contains').fill(fields.title);
    if (fields.artist !== undefined) await page.getByLabel('Artist contains').fill(fields.artist);
    if (fields.show !== undefined) await page.getByLabel('Show contains').fill(fields.show);
    await page.getByRole('button', { name: 'Apply filters' }).click();
  };

  beforeAll(async () => {
    run = await startConsole();
    ({ client } = await adminApi(run));
    player = (await client.scheduling.playerCreate({ name: 'Studio NY', timezone: ZONE, password: PASSWORD })).id;
    const other = (await client.scheduling.playerCreate({ name: 'Other FM', timezone: 'UTC' })).id;
    const start = at(`${DAY}T00:00:10`);
    await append([
      { media_id: 0, artist: 'The "Desk"', title: 'Morning, news', timestamp: `${start}`, context: 'show', end: `${start + 180}`, show_name: 'The Early Show' },
      { media_id: 0, artist: 'The Band', title: 'Sunny Song', timestamp: `${at(`${DAY}T08:00:00`)}`, context: 'show', notes: 'live', end: `${at(`${DAY}T08:04:00`)}`, show_name: 'Breakfast' },
      // 120 plays of a filler on the next day: more than a page
      ...Array.from({ length: 120 }, (_, i) => ({ media_id: 0, artist: 'Filler', title: `Filler ${i + 1}`, timestamp: `${at('2026-11-21T10:00:00') + i * 60}`, context: 'fallback' })),
    ]);
    await playlog([
      { title: 'Late Song', artist: 'The Band', at: at('2026-11-19T23:59:30'), context: 'show' },
      { title: 'Flood warning', artist: 'Weather', at: at(`${DAY}T08:04:00`), context: 'emerg', emerg_id: 3 },
      { title: 'Fill Tune', artist: 'Fill Band', at: at(`${DAY}T12:00:00`), context: 'fallback' },
      { title: 'Night Song', artist: 'The Band', at: at(`${DAY}T23:59:59`), context: 'show' },
    ]);
    // A user who may read the log of Studio NY only, and one who may read none.
    const one = await client.users.groupCreate({ name: 'NY monitor', permissions: [`view_player_monitor:${player}`] });
    await client.users.create({ username: 'ny-monitor', password: 'ny-monitor-password', group_ids: [one.id] });
    await client.users.create({ username: 'no-monitor', password: 'no-monitor-password', group_ids: [] });
    void other;
    ({ page } = await run.open('admin', undefined, 1366));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => response.status() >= 500 && errors.push(`${response.status()} ${response.url()}`));
  });
  afterAll(() => run?.stop());

  it("opens on today in the player's zone, and says when nothing was logged", async () => {
    await go(page, 'As-run log');
    await page.getByRole('heading', { name: 'As-run log', level: 2 }).waitFor();
    await choose(page, 'Player', 'Studio NY');
    await page.getByText(`Studio NY on ${DateTime.now().setZone(ZONE).toFormat('cccc d LLLL yyyy')}, in New York time.`).waitFor();
    await page.getByText('Nothing was logged on this day.').waitFor();
    expect(await page.getByRole('button', { name: 'Download CSV' }).count()).toBe(0);
  });

  it("shows a day's plays in order, in the player's zone, with their length, source, show and end", async () => {
    await apply({ from: DAY, until: DAY });
    await page.getByText('1–5 of 5, oldest first.').waitFor();
    expect(await rows()).toEqual([
      ['00:00:10', 'Morning, news', 'The "Desk"', '3:00', 'Show', 'The Early Show', '00:03:10'],
      ['08:00:00', 'Sunny Song', 'The Band', '4:00', 'Show · live', 'Breakfast', '08:04:00'],
      // OB Player's playlog names no show
      ['08:04:00', 'Flood warning', 'Weather', '', 'Alert', '', 'not logged'],
      ['12:00:00', 'Fill Tune', 'Fill Band', '', 'Default playlist', '', 'not logged'],
      ['23:59:59', 'Night Song', 'The Band', '', 'Show', '', 'not logged'],
    ]);
    await screenshot(page, 'as-run', { notices: false });
  });

  it("filters on the server, and downloads exactly the server's CSV of that filter", async () => {
    await apply({ title: 'song' });
    await choose(page, 'Source', 'Shows');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1–2 of 2, oldest first.').waitFor();
    expect((await rows()).map((row) => row[1])).toEqual(['Sunny Song', 'Night Song']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('as-run-studio-ny-2026-11-20.csv');
    const file = await readFile((await download.path())!, 'utf8');
    const server = await client.scheduling.playerMonitor({ player_id: player, date_start: DAY, date_end: DAY, orderby: 'timestamp', orderdesc: false, type: 'csv', filters: [{ column: 'title', operator: 'like', value: 'song' }, { column: 'context', operator: 'is', value: 'show' }] });
    expect(file).toBe(server.results);
    expect(file.split('\r\n').slice(1, 3).map((line) => line.split(',')[2])).toEqual(['Sunny Song', 'Night Song']);
    await apply({ title: '', show: 'breakfast' });
    await page.getByText('1–1 of 1, oldest first.').waitFor();
    expect((await rows()).map((row) => [row[1], row[5]])).toEqual([['Sunny Song', 'Breakfast']]);
  });

  it('reads a range of days with their dates, the next day a page at a time, and says a refused range in words', async () => {
    await apply({ from: '2026-11-19', until: DAY, title: '', show: '' });
    await choose(page, 'Source', 'Every source');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1–6 of 6, oldest first.').waitFor();
    expect((await rows())[0]!.slice(0, 2)).toEqual(['19 Nov 2026 23:59:30', 'Late Song']);
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByText('1–100 of 120, oldest first.').waitFor();
    expect((await rows())[0]!.slice(0, 2)).toEqual(['10:00:00', 'Filler 1']);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('101–120 of 120, oldest first.').waitFor();
    expect((await rows()).map((row) => row[1])).toEqual(Array.from({ length: 20 }, (_, i) => `Filler ${i + 101}`));
    // A range ending before it starts is not sent; a title too long is, and the server's refusal is said in words.
    await apply({ from: DAY, until: '2026-11-19' });
    await page.getByText('The last day must not be before the first.').waitFor();
    await page.getByText('101–120 of 120, oldest first.').waitFor();
    refusals += 1;
    await apply({ until: DAY, title: 'x'.repeat(501) });
    const refused = page.getByRole('alert').filter({ hasText: 'The as-run log could not be read' });
    await refused.waitFor();
    expect(await refused.innerText()).toContain('Value of filter 1 is too long: at most 500 characters.');
  });

  it('has no serious violation at 1366 and 390 px', async () => {
    await page.goto('/as-run');
    await page.getByRole('heading', { name: 'As-run log', level: 2 }).waitFor();
    await apply({ from: DAY, until: DAY });
    await page.getByText('1–5 of 5, oldest first.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it("offers a user with one player's permission that player only, and tells one without it which permission it needs", async () => {
    const limited = await run.open('ny-monitor', 'ny-monitor-password', 1366);
    await go(limited.page, 'As-run log');
    await limited.page.getByText(/Studio NY on .*, in New York time\./).waitFor();
    await limited.page.getByRole('textbox', { name: 'Player', exact: true }).or(limited.page.getByRole('combobox', { name: 'Player', exact: true })).click();
    expect(await limited.page.getByRole('option').allInnerTexts()).toEqual(['Studio NY']);
    const none = await run.open('no-monitor', 'no-monitor-password', 1366);
    expect(await none.page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'As-run log' }).count()).toBe(0);
    await none.page.goto('/as-run');
    await none.page.getByText('This page needs the permission view_player_monitor, which your account does not have.').waitFor();
  });

  it('logged no console error but the refusals asked for', () => {
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    expect(errors.length).toBe(refusals);
  });
});
