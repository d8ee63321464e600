// The on-air page (issues 34 and 35), the console's home when there are players: a London player
// reports through remote.php what it airs, as OB Player does; the page shows now (times,
// progress) and next, the rest of the hour from the rundown, what aired, the last contact and the
// alert in force, and follows the next track and the as-run log live without a reload. At 1366 px
// and 390 px, axe-clean in both themes, with no console error. The rundown then shows what aired
// beside what was planned.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, axeViolations, browserAvailable, choose, screenshot, seedMedia, startConsole, wav, type ConsoleRun } from './support';

const PASSWORD = 'studio-sync-password';

describe.skipIf(!browserAvailable)('console: on air', () => {
  let run: ConsoleRun;
  let page: Page;
  let player: number;
  const media = { a: 0, b: 0 };
  const errors: string[] = [];

  /** OB Player's sync endpoint, as the player on air calls it. */
  const remote = async (action: string, fields: Record<string, string | number>) => {
    const body = new URLSearchParams(Object.entries({ id: player, pw: PASSWORD, ...fields }).map(([k, v]): [string, string] => [k, String(v)]));
    const reply = await fetch(`${run.url}/remote.php?action=${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(reply.status).toBe(200);
    expect(await reply.text()).not.toContain('<error>');
  };
  const now = () => Math.floor(Date.now() / 1000);
  const airs = (id: number, seconds: number) => remote('now_playing', { playlist_id: 0, show_name: 'Overnight', playlist_end: now() + 1800, media_id: id, media_end: now() + seconds });

  beforeAll(async () => {
    run = await startConsole();
    [media.a, media.b] = [await seedMedia(run, 'Morning Song', 240, { artist: 'The Band' }), await seedMedia(run, 'Evening Song', 180, { artist: 'The Band' })];
    const { client } = await adminApi(run);
    const fill = await client.playlists.playlistCreate({ name: 'Overnight', status: 'public', items: [{ type: 'media', media_id: media.a }, { type: 'media', media_id: media.b }] });
    player = (await client.scheduling.playerCreate({ name: 'Studio L', timezone: 'Europe/London', password: PASSWORD, default_playlist_id: fill.id })).id;
    // A show of the two songs in turn from ten minutes ago; the default playlist fills the rest of the day.
    const started = new Date(Math.floor(Date.now() / 1000 - 600) * 1000).toISOString();
    const songs = await client.playlists.playlistCreate({ name: 'Songs', status: 'public', items: Array.from({ length: 12 }, (_, i) => ({ type: 'media' as const, media_id: i % 2 ? media.b : media.a })) });
    await client.scheduling.showCreate({ player_id: player, mode: 'once', start: started, duration: 3600, item_type: 'playlist', item_id: songs.id });
    const day = new Date(Date.now() - 86_400_000).toISOString();
    await client.scheduling.alertCreate({ name: 'Flood warning', player_id: player, item_id: media.b, frequency: 900, start: day, stop: new Date(Date.now() + 86_400_000).toISOString() });
    // The day's rundown resolved once before the pages ask: a cold day of default fill takes
    // seconds on a busy machine, past the gateway's deadline at times (rundown.test.ts does the same).
    const today = DateTime.now().setZone('Europe/London');
    await client.scheduling.playerRundown({ id: player, start: `${today.toISODate()} 00:00:00`, end: `${today.plus({ days: 1 }).toISODate()} 00:00:00` });
    await airs(media.a, 200);
    ({ page } = await run.open());
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => response.status() >= 500 && errors.push(`${response.status()} ${response.url()}`));
  });
  afterAll(() => run?.stop());

  it('is the home page: now with its times and progress, next, the rest of the hour, the player and its alert', async () => {
    await page.waitForURL(/\/on-air$/);
    await page.getByRole('heading', { name: 'On air', level: 2 }).waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });
    const nowCard = page.getByRole('region', { name: 'Now' });
    await nowCard.getByText('The Band – Morning Song').waitFor();
    await nowCard.getByRole('progressbar', { name: 'Played of Morning Song' }).waitFor();
    await expect(nowCard.getByText(/^\d\d:\d\d:\d\d – \d\d:\d\d:\d\d · \d+:\d\d left of 4:00$/).count()).resolves.toBe(1);
    await nowCard.getByText('Overnight').waitFor();
    await page.getByRole('region', { name: 'Next' }).getByText(/^The Band – (Morning|Evening) Song$/).waitFor();
    await page.getByRole('list', { name: 'Planned until the top of the hour' }).or(page.getByText('Nothing more planned this hour.')).first().waitFor();
    const state = page.getByRole('region', { name: 'The player' });
    await state.getByText(/^Last contact: \d\d:\d\d:\d\d \(\d+ s ago\)$/).waitFor();
    await state.getByRole('list', { name: 'Alerts in force' }).getByText(/^Flood warning: The Band - Evening Song, every 15:00 until/).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await screenshot(page, 'on-air', { notices: false });
  });

  it('follows the next track and the as-run log live, without a reload', async () => {
    await airs(media.b, 170);
    await page.getByRole('region', { name: 'Now' }).getByText('The Band – Evening Song').waitFor();
    const aired = page.getByRole('region', { name: 'What aired' });
    await aired.getByText('Nothing logged in the last day.').waitFor();
    const at = now() - 10;
    const entry = `<entry><media_id>${media.b}</media_id><artist>The Band</artist><title>Evening Song</title><datetime>${at}</datetime><context>show</context><emerg_id>0</emerg_id><notes></notes></entry>`;
    await remote('playlog_post', { data: `<?xml version="1.0" ?><obconnect><playlog>${entry}</playlog></obconnect>` });
    await aired.getByRole('list', { name: 'Aired, newest first' }).getByText(/^\d\d:\d\d:\d\d The Band – Evening Song$/).waitFor();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious violation at 1366 and 390 px in the ${theme} theme, and fits a phone`, async () => {
      if (theme === 'dark') {
        await page.goto('/settings');
        await choose(page, 'Theme', 'Dark');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Settings saved.').waitFor();
      }
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/on-air');
        await page.getByRole('region', { name: 'Now' }).getByText('The Band – Evening Song').waitFor();
        await page.getByText('Live', { exact: true }).waitFor();
        expect(await axeViolations(page), `${theme} at ${width} px`).toEqual([]);
        if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        if (width === 390 && theme === 'light') await screenshot(page, 'on-air-phone', { notices: false });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    });
  }

  it('shows in the rundown what aired beside what was planned', async () => {
    await page.getByRole('link', { name: 'Rundown' }).click();
    await choose(page, 'Player', 'Studio L');
    const table = page.getByRole('table').first();
    await table.getByRole('columnheader', { name: 'Aired' }).waitFor();
    // The Evening Song logged ten seconds ago is the one planned nearest to it, or aired outside the plan.
    await page.getByText(/^\d\d:\d\d:\d\d \((on time|[+−]\d+ s)\)$/).or(page.getByText(/^Aired, not in the plan: \d\d:\d\d:\d\d The Band – Evening Song/)).first().waitFor();
  });

  it("plays the player's stream on demand and stops it; a stream that does not answer is said in words; no listener count unknown", async () => {
    // A stream that answers (a WAV, served here) on a second player, and Studio L's at a port nothing listens on.
    const stream: Server = createServer((_request, reply) => void reply.writeHead(200, { 'content-type': 'audio/wav' }).end(wav(30)));
    await new Promise<void>((resolve) => stream.listen(0, '127.0.0.1', resolve));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client } = await adminApi(run);
    await client.scheduling.playerCreate({ name: 'Studio Web', timezone: 'Europe/London', stream_url: `http://127.0.0.1:${(stream.address() as AddressInfo).port}/live.wav` });
    const studio = await client.scheduling.playerGet({ id: player });
    const silent = `http://127.0.0.1:${closedPort}/fm.mp3`;
    await client.scheduling.playerSave({ ...studio, stream_url: silent });
    try {
      await page.goto('/on-air');
      await choose(page, 'Player', 'Studio Web');
      await page.getByRole('button', { name: 'Listen' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await page.getByText('Connecting to the stream…').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Listen' }).waitFor();
      expect(await page.evaluate(() => document.querySelector('audio')?.getAttribute('src'))).toBeNull();
      await choose(page, 'Player', 'Studio L');
      await page.getByRole('button', { name: 'Listen' }).click();
      await page.getByRole('alert').filter({ hasText: `The stream at ${silent} does not answer.` }).waitFor();
      await page.getByRole('button', { name: 'Listen' }).waitFor();
      // The browser reports the refused connection in its console: that one was asked for.
      const refused = errors.indexOf('Failed to load resource: net::ERR_CONNECTION_REFUSED');
      if (refused >= 0) errors.splice(refused, 1);
      // The playout does not air Studio L: its listeners are unknown, and no count is shown.
      expect(await page.getByTestId('listeners').count()).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('logged no console error', () => {
    expect(errors).toEqual([]);
  });
});
