// The reports page (issue 46): a New York player's listener key made, Icecast's listener_add and
// listener_remove posted to its hook (three sessions of two listeners, all ended), plays logged
// between them as the playout logs them; the page's default period (the last 7 days in the
// player's zone) shows the API's figures, the chart's words and table of hours, each play with who
// heard it, and SoundExchange's report saved as a file; the server's CSVs where the server has
// them. A player nobody heard says how to set up the hook and makes its key, its plays paged; a
// period the API refuses is said in its words; the On air page's last 24 hours. axe-clean at 1366
// and 390 px.
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barsOf, labelsOf, scaleTop } from '../src/reports/hour-chart';
import { adminApi, axeViolations, browserAvailable, choose, go, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

const ZONE = 'America/New_York';
const HEADER = 'NAME_OF_SERVICE\tTRANSMISSION_CATEGORY\tFEATURED_ARTIST\tSOUND_RECORDING_TITLE\tISRC\tALBUM_TITLE\tMARKETING_LABEL\tACTUAL_TOTAL_PERFORMANCES';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const at = (ms: number) => (ms / 1000).toFixed(3);
/** As the page writes them (en-GB). */
const hours = (n: number) => n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const length = (seconds: number | null) => (seconds === null ? '—' : `${Math.floor(Math.round(seconds) / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`);
const hourWords = (hour: string) => DateTime.fromISO(hour, { setZone: true }).setLocale('en-GB').toFormat('ccc d LLL, HH:mm');

type Hour = { hour: string; sessions: number; unique_listeners: number; tuning_hours: number };
type Summary = { sessions: number; unique_listeners: number; tuning_hours: number; mean_session_seconds: number | null; median_session_seconds: number | null; by_hour: Hour[]; by_country?: { country: string | null }[] };
type Play = { artist: string; title: string; start: string; listeners_at_start: number; peak_listeners: number; listener_seconds: number; atp: number };

describe("the hour chart's drawing", () => {
  const hoursFrom = (first: string, count: number) => Array.from({ length: count }, (_, i) => ({ hour: DateTime.fromISO(first, { setZone: true }).plus({ hours: i }).toISO()!, sessions: i % 5, unique_listeners: i % 5, tuning_hours: 0 }));
  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 48, 230].map(scaleTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 500]);
  });
  it('labels every 6 hours over a day, each midnight over a week, never two closer than 48 px nor past the edge', () => {
    const day = labelsOf(barsOf(hoursFrom('2026-11-20T00:00:00-05:00', 24), 720).bars, 720);
    expect(day.map((l) => l.text)).toEqual(['00:00', '06:00', '12:00', '18:00']);
    const week = barsOf(hoursFrom('2026-11-14T00:00:00-05:00', 168), 720);
    expect(week.top).toBe(5);
    expect(labelsOf(week.bars, 720)).toHaveLength(7);
    const month = labelsOf(barsOf(hoursFrom('2026-11-01T00:00:00-04:00', 31 * 24), 320).bars, 320);
    month.slice(1).forEach((label, i) => expect(label.x - month[i]!.x).toBeGreaterThanOrEqual(48));
    expect(Math.max(...month.map((l) => l.x))).toBeLessThanOrEqual(320 - 48);
  });
});

describe.skipIf(!browserAvailable)('console: reports', () => {
  let run: ConsoleRun;
  let page: Page;
  let player: number;
  let quiet: number;
  let key: string;
  const errors: string[] = [];
  let refusals = 0;
  const today = () => DateTime.now().setZone(ZONE).startOf('day');
  const window = () => ({ start: today().minus({ days: 6 }).toUTC().toISO()!, end: today().plus({ days: 1 }).toUTC().toISO()! });
  const get = async (path: string, query: Record<string, string>) => {
    const reply = await fetch(`${run.url}/api/v2/players/${player}${path}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: reply.status, reply };
  };
  const data = async <T,>(path: string) => ((await (await get(path, window())).reply.json()) as { data: T }).data;
  const cells = async (name: string) => (await page.getByRole('table', { name }).getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t').map((cell) => cell.trim()));

  beforeAll(async () => {
    run = await startConsole();
    const api = await adminApi(run);
    key = api.key;
    player = (await api.client.scheduling.playerCreate({ name: 'Heard FM', timezone: ZONE })).id;
    quiet = (await api.client.scheduling.playerCreate({ name: 'Quiet FM', timezone: 'UTC' })).id;
    const song = await seedMedia(run, 'Uno', 2, { artist: 'Ana Ruiz', album: 'Días', isrc: 'US-ABC-26-00001', label: 'Sello' });
    const { hook } = await api.client.scheduling.listenerKey({ id: player });
    const post = async (form: Record<string, string>) => {
      const body = new URLSearchParams({ server: 'icecast.example', port: '8000', mount: '/live.mp3', user: '', pass: '', agent: 'Lavf/59', ...form });
      const reply = await fetch(`${run.url}${hook}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
      expect(reply.headers.get('icecast-auth-user')).toBe('1');
      return Date.now();
    };
    // Two listeners; one leaves; the first connects a second time (a second session of one listener); all leave.
    await post({ action: 'listener_add', client: '1', ip: '203.0.113.1' });
    const both = await post({ action: 'listener_add', client: '2', ip: '203.0.113.2' });
    await pause(500);
    const left = await post({ action: 'listener_remove', client: '2', ip: '203.0.113.2', duration: '0' });
    await pause(300);
    await post({ action: 'listener_add', client: '3', ip: '203.0.113.1' });
    await pause(300);
    const last = Date.now();
    await post({ action: 'listener_remove', client: '1', ip: '203.0.113.1', duration: '1' });
    await post({ action: 'listener_remove', client: '3', ip: '203.0.113.1', duration: '0' });
    const entry = (media_id: number, title: string, artist: string, from: number, to: number) => ({ media_id, artist, title, timestamp: at(from), end: at(to), context: 'show', emerg_id: 0, notes: '' });
    await run.system.infrastructure[0]!.bus.request('scheduling.internal.asrun.append', {
      input: { player_id: player, entries: [entry(0, 'Station ID', 'Heard FM', both - 5000, both - 4000), entry(song, 'Uno', 'Ana Ruiz', both + 50, both + 250), entry(song, 'Uno', 'Ana Ruiz', left + 50, last - 50)] },
      principal: null,
    });
    // Quiet FM aired 55 fillers this morning (UTC) that nobody heard: more than a page of plays.
    const morning = DateTime.now().toUTC().startOf('day').toMillis();
    await run.system.infrastructure[0]!.bus.request('scheduling.internal.asrun.append', {
      input: { player_id: quiet, entries: Array.from({ length: 55 }, (_, i) => entry(0, `Filler ${i + 1}`, 'Fill Band', morning + i * 60_000, morning + (i + 1) * 60_000)) },
      principal: null,
    });
    ({ page } = await run.open('admin', undefined, 1366));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => response.status() >= 500 && errors.push(`${response.status()} ${response.url()}`));
  });
  afterAll(() => run?.stop());

  it('counts the hook’s listeners in the API (handed over in batches)', async () => {
    await expect.poll(async () => (await data<Play[]>('/plays')).map((p) => [p.title, p.listeners_at_start, p.peak_listeners, p.atp]), { timeout: 10_000 }).toEqual([
      ['Station ID', 0, 0, 0],
      ['Uno', 2, 2, 2],
      ['Uno', 1, 2, 2],
    ]);
    await expect.poll(async () => (await data<Summary>('/listeners/summary')).sessions, { timeout: 10_000 }).toBe(3);
  });

  it("shows the API's figures for the last 7 days in the player's zone, the chart in words and as a table", async () => {
    await go(page, 'Reports');
    await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
    await choose(page, 'Player', 'Heard FM');
    const from = today().minus({ days: 6 }).setLocale('en-GB').toFormat('cccc d LLLL yyyy');
    await page.getByText(`Heard FM from ${from} through ${today().setLocale('en-GB').toFormat('cccc d LLLL yyyy')}, in New York time`).waitFor();
    const summary = await data<Summary>('/listeners/summary');
    expect(summary).toMatchObject({ sessions: 3, unique_listeners: 2 });
    await page.getByTestId('figure-sessions').waitFor();
    const figure = (id: string) => page.getByTestId(`figure-${id}`).innerText();
    expect([await figure('sessions'), await figure('listeners'), await figure('tuning-hours'), await figure('mean'), await figure('median')]).toEqual(['3', '2', hours(summary.tuning_hours), length(summary.mean_session_seconds), length(summary.median_session_seconds)]);
    // The chart's text alternative: its name and description say the API's hours.
    expect(summary.by_hour).toHaveLength(7 * 24);
    const heard = summary.by_hour.filter((h) => h.sessions > 0);
    const busiest = summary.by_hour.reduce((best, h) => (h.unique_listeners > best.unique_listeners ? h : best));
    const words = `From ${hourWords(summary.by_hour[0]!.hour)} to ${hourWords(summary.by_hour.at(-1)!.hour)}. Most unique listeners in an hour: ${busiest.unique_listeners} (${hourWords(busiest.hour)}). Hours with listeners: ${heard.length} of 168.`;
    const chart = page.getByRole('img', { name: 'Unique listeners hour by hour, in New York time' });
    expect(await chart.evaluate((svg) => svg.querySelector('desc')?.textContent)).toBe(words);
    expect(await chart.getAttribute('aria-labelledby')).toMatch(/-title .*-desc$/);
    await page.getByRole('button', { name: 'Show the hours as a table' }).click();
    expect(await cells('Listeners hour by hour')).toEqual(heard.map((h) => [hourWords(h.hour), String(h.unique_listeners), String(h.sessions), hours(h.tuning_hours)]));
    // Countries only where the server counts them (the documentation's addresses place none).
    if (summary.by_country) expect((await cells('Listeners by country')).map((row) => row[0])).toEqual(summary.by_country.map((c) => (c.country === null ? 'Unknown' : expect.any(String))));
    else expect(await page.getByRole('heading', { name: 'By country' }).count()).toBe(0);
  });

  it('lists each play with who heard it, as the API counts it', async () => {
    const plays = await data<Play[]>('/plays');
    expect(await cells('Plays and their listeners')).toEqual(
      plays.map((p) => [DateTime.fromISO(p.start, { zone: ZONE }).toFormat('d LLL yyyy HH:mm:ss'), p.artist, p.title, String(p.listeners_at_start), String(p.peak_listeners), length(p.listener_seconds), String(p.atp)]),
    );
    await page.getByText('1–3 of 3 plays, oldest first.').waitFor();
    await screenshot(page, 'reports', { notices: false });
  });

  it("saves SoundExchange's report of use, and the server's CSVs where it has them", async () => {
    await choose(page, 'Transmission category', 'B: non-subscription broadcast simulcast, not news, talk, sports or business');
    const service = page.getByLabel('Name of the service, with its call letters');
    expect(await service.inputValue()).toBe('Heard FM');
    await service.fill('KAWV Heard FM');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the report' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^KAWVHeardFM\d{8}_\d{8}_B\.txt$/);
    const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1)).toEqual(['KAWV Heard FM\tB\tAna Ruiz\tUno\tUSABC2600001\tDías\tSello\t4', '']);
    await page.getByText('1 recording in the report.').waitFor();
    // The CSVs: the file saved is the server's, where the server serves it.
    for (const [button, path] of [['Download the plays (CSV)', '/plays.csv'], ['Download the listening (CSV)', '/listeners/summary.csv']] as const) {
      const served = await get(path, window());
      if (served.status !== 200) continue;
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
      expect(await readFile((await file.path())!, 'utf8')).toBe(await served.reply.text());
      expect(served.reply.headers.get('content-disposition') ?? file.suggestedFilename()).toContain(file.suggestedFilename());
    }
  });

  it('says in its words a period the API refuses', async () => {
    refusals += 2;
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(today().minus({ days: 40 }).toISODate()!);
    await page.getByRole('button', { name: 'Show the report' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The report could not be read' });
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/at most 31 days/);
    await page.getByRole('button', { name: 'The last 7 days' }).click();
    await page.getByTestId('figure-sessions').waitFor();
  });

  it('tells how to set up the listener hook for a player nobody heard, makes its key, and pages its plays', async () => {
    await choose(page, 'Player', 'Quiet FM');
    await page.getByText('No listener data in this period.').waitFor();
    expect(await page.getByTestId('figure-sessions').innerText()).toBe('0');
    await page.getByRole('button', { name: 'Make a listener key' }).click();
    const lines = await page.getByTestId('listener-hook').innerText();
    expect(lines).toContain(`<option name="listener_add" value="${run.url}/icecast/listeners/${quiet}?key=`);
    // Its plays, a page at a time.
    await page.getByText('1–50 of 55 plays, oldest first.').waitFor();
    expect((await cells('Plays and their listeners')).map((row) => [row[2], row[6]])[49]).toEqual(['Filler 50', '0']);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('51–55 of 55 plays, oldest first.').waitFor();
    expect((await cells('Plays and their listeners')).map((row) => row[2])).toEqual(['Filler 51', 'Filler 52', 'Filler 53', 'Filler 54', 'Filler 55']);
  });

  it("shows the last 24 hours' listeners on the On air page", async () => {
    await go(page, 'On air');
    await choose(page, 'Player', 'Heard FM');
    const end = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    const day = ((await (await get('/listeners/summary', { start: new Date(end - 86_400_000).toISOString(), end: new Date(end).toISOString() })).reply.json()) as { data: Summary }).data;
    expect(await page.getByTestId('day-listening').innerText()).toBe(`2 unique listeners, ${hours(day.tuning_hours)} tuning hours.`);
    expect(day.by_hour).toHaveLength(24);
    await page.getByRole('img', { name: 'Unique listeners hour by hour, in New York time' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await go(page, 'Reports');
  });

  it('has no serious violation at 1366 and 390 px', async () => {
    await choose(page, 'Player', 'Heard FM');
    await page.getByTestId('hour-chart').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('logged no console error but the refusals asked for', () => {
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    expect(errors.length).toBe(refusals);
  });
});
