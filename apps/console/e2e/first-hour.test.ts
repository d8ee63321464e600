// A station's first hour, done in the console alone (issue 43's "done when"): the administrator
// makes a presenter's account; the presenter uploads two MP3s (real encoder, fractional lengths),
// which wait for approval; the administrator approves them, makes a playlist of them, a player
// aired by Airwave's playout to an Icecast mount, and a playlist show on it starting in a minute or
// two; the rundown shows the show, the on-air page shows its first item on air, and the mount is
// listened to: it airs the first item's tone. Nothing is made through the API: every step is a
// page's. Needs Liquidsoap, Icecast and ffmpeg (CI installs them; elsewhere the file is skipped).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectTones, freePort, haveTools, makeEncodedTone, recordMount, startIcecast, type PrivateIcecast } from '@airwave/playout-testing/listen';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../vitest.shared';
import { browserAvailable, choose, go, logIn, screenshot, startConsole, type ConsoleRun } from './support';

const missing = await haveTools(['liquidsoap', 'icecast2', 'ffmpeg']);
if (missing.length && process.env.CI && browserAvailable) throw new Error(`the first-hour test needs ${missing.join(', ')} (apt-get install liquidsoap icecast2 ffmpeg)`);
if (missing.length) process.stderr.write(`skipping the console's first-hour test: ${missing.join(', ')} not on the PATH\n`);

/** The two songs: a tone each, lengths as encoders leave them (not whole seconds). */
const SONGS = [
  { file: 'sunrise.mp3', title: 'Sunrise', frequency: 440, seconds: 50.4 },
  { file: 'daybreak.mp3', title: 'Daybreak', frequency: 880, seconds: 40.7 },
] as const;

describe.skipIf(!browserAvailable || missing.length > 0)("console: a station's first hour, from the console alone", () => {
  let run: ConsoleRun;
  let ice: PrivateIcecast;
  let dir: string;
  let page: Page;
  const files: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-first-hour-'));
    for (const song of SONGS) files.push(await makeEncodedTone(join(dir, song.file), [{ frequency: song.frequency, seconds: song.seconds }], 'mp3'));
    ice = await startIcecast();
    // Player 1 (the first of this server) listens for live sources on base + 1: a free port.
    const harbor = await freePort();
    run = await startConsole({ PLAYOUT_ENGINE: 'auto', PLAYOUT_HARBOR_PORT_BASE: String(harbor - 1), PLAYOUT_LEASE_RENEW_MS: '500' });
    ({ page } = await run.open('admin', undefined, 1366));
  }, limit(120_000));
  afterAll(async () => {
    await run?.stop();
    await ice?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('makes a presenter, whose uploads wait for approval, then approves them', async () => {
    await go(page, 'Users and groups');
    // A group that may upload its own media (new accounts' default group may not).
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.getByRole('button', { name: 'New group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'New group' });
    await groupDialog.getByLabel('Name').fill('Presenters');
    await groupDialog.getByRole('textbox', { name: 'Permissions' }).or(groupDialog.getByRole('combobox', { name: 'Permissions' })).fill('create_own_media');
    await page.getByRole('option', { name: /^create_own_media — / }).click();
    await page.keyboard.press('Escape');
    await groupDialog.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('table', { name: 'Groups' }).getByText('Presenters').waitFor();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('Username').fill('presenter');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('presenter-password');
    await dialog.getByRole('combobox', { name: 'Groups' }).click();
    await page.getByRole('option', { name: 'Presenters' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText('presenter', { exact: true }).waitFor();

    const { page: presenter } = await run.open(null, undefined, 1366);
    await logIn(presenter, 'presenter', 'presenter-password');
    await go(presenter, 'Media');
    await presenter.getByRole('button', { name: 'Upload files' }).click();
    await presenter.locator('input[type="file"]').setInputFiles(files);
    for (const song of SONGS) {
      const card = presenter.getByRole('group', { name: `Upload ${song.file}` });
      // The decoded length, to the tenth the encoder left (a frame or so more than asked).
      await card.getByText(/^audio, mp3, 0:(50|51|40|41)$/).waitFor({ timeout: limit(30_000) });
      await card.getByRole('textbox', { name: 'Title' }).fill(song.title);
      await card.getByRole('textbox', { name: 'Artist' }).fill('The Test Tones');
    }
    await presenter.getByRole('button', { name: 'Add 2 to the library' }).click();
    await presenter.getByText('2 item(s) added to the library.').waitFor();

    await go(page, 'Media');
    await page.locator('label', { hasText: /^Unapproved$/ }).click();
    const rows = page.getByRole('table', { name: 'Media items' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select every item on this page' }).check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('2 item(s) approved.').waitFor();
    await page.locator('label', { hasText: /^Approved$/ }).click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('makes a playlist of the two songs', async () => {
    await go(page, 'Playlists');
    await page.getByRole('button', { name: 'New playlist' }).click();
    const editor = page.getByRole('dialog', { name: /playlist/i });
    await editor.getByLabel('Name').fill('Morning songs');
    for (const song of SONGS) {
      await editor.getByRole('textbox', { name: 'Add a media item' }).or(editor.getByRole('combobox', { name: 'Add a media item' })).fill(song.title);
      await page.getByRole('option', { name: song.title }).click();
      await editor.getByTestId('playlist-item').filter({ hasText: song.title }).waitFor();
    }
    await editor.getByRole('button', { name: 'Save playlist' }).click();
    await page.getByText('Morning songs was saved.').waitFor();
  });

  it('makes a player aired by the playout to its Icecast mount', async () => {
    await airedPlayer(page, `http://127.0.0.1:${ice.port}/first-hour.mp3`, ice.sourcePassword);
  });

  it('schedules a playlist show, sees it in the rundown and on air, and the mount airs it', async () => {
    // The next whole minute at least 70 s away (the show dialog takes minutes), in the player's zone (UTC).
    const start = DateTime.utc().plus({ seconds: 70 }).endOf('minute').plus({ milliseconds: 1 });
    await playlistShow(page, start);
    await go(page, 'Rundown');
    // (A show just after midnight is on the next day's rundown.)
    if (start.toISODate() !== DateTime.utc().toISODate()) await page.getByRole('button', { name: 'Next day' }).click();
    // The block named as the station named the show, not by the playlist it airs.
    await page.getByText('The Breakfast Show').first().waitFor({ timeout: limit(30_000) });
    await page.getByText('Sunrise').first().waitFor();
    await page.getByText('Daybreak').first().waitFor();

    const mount = `http://127.0.0.1:${ice.port}/first-hour.mp3`;
    await untilAnswers(mount);
    await go(page, 'On air');
    const wait = start.toMillis() - Date.now();
    // The show's first song, as the playout reports it, once the show has begun.
    await expect.poll(() => page.getByTestId('now-title').textContent().catch(() => ''), { timeout: Math.max(wait, 0) + limit(30_000) }).toContain('Sunrise');
    // under the show's own name
    await page.getByText('The Breakfast Show').first().waitFor();
    await screenshot(page, 'first-hour-on-air');
    // Past the seconds before the show that Icecast's burst would send a new listener first.
    await new Promise((r) => setTimeout(r, 3000));
    const recorder = recordMount(mount);
    await recorder.started;
    await new Promise((r) => setTimeout(r, 4000));
    const recording = await recorder.stop();
    const windows = detectTones(recording.samples, { rate: recording.rate, candidates: SONGS.map((s) => s.frequency), hopMs: 50 });
    const sunrise = windows.filter((w) => w.tone === SONGS[0].frequency).length;
    expect(sunrise / Math.max(windows.length, 1)).toBeGreaterThan(0.8);
  }, limit(240_000));
});

/** Waits until the mount answers 200 (the engine reached Icecast). */
async function untilAnswers(url: string) {
  const deadline = Date.now() + limit(60_000);
  for (;;) {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    await res?.body?.cancel().catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} never answered 200: ${res?.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The Players page: a new player in UTC, aired by Airwave to `mount` with its source password. */
async function airedPlayer(page: Page, mount: string, sourcePassword: string) {
  await go(page, 'Players');
  await page.getByRole('button', { name: 'New player' }).click();
  const form = page.getByRole('dialog', { name: 'New player' });
  await form.getByLabel('Name').fill('Morning FM');
  await form.getByRole('radio', { name: 'Airwave airs it to an Icecast mount' }).check();
  await form.getByLabel('Icecast mount (stream URL)').fill(mount);
  await form.getByLabel(/^Icecast source password/).fill(sourcePassword);
  await form.getByRole('button', { name: 'Create player' }).click();
  await page.getByText('Morning FM was saved.').waitFor();
  // The page says it is on air, as the playout's status has it (read every 10 s).
  const row = page.getByRole('row').filter({ hasText: 'Morning FM' });
  await expect.poll(() => row.textContent(), { timeout: limit(40_000), interval: 1000 }).toContain('On air, aired by');
  await expect(row.textContent()).resolves.toContain('source password set');
}

/** The Schedule page: a one-time playlist show of "Morning songs" at `start` (UTC) for ten minutes. */
async function playlistShow(page: Page, start: DateTime) {
  await go(page, 'Schedule');
  await page.getByRole('button', { name: 'New show or timeslot' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Date').fill(start.toISODate()!);
  await dialog.getByRole('textbox', { name: /^Time \(/ }).fill(start.toFormat('HH:mm'));
  await dialog.getByRole('textbox', { name: 'Length (minutes)' }).fill('10');
  await choose(page, 'What airs', 'A playlist');
  await dialog.getByRole('combobox', { name: 'Playlist' }).or(dialog.getByRole('textbox', { name: 'Playlist' })).fill('Morning');
  await page.getByRole('option', { name: 'Morning songs', exact: true }).click();
  await dialog.getByLabel('Show name (optional)').fill('The Breakfast Show');
  await dialog.getByRole('button', { name: 'Save show' }).click();
  await page.getByText('The show was saved.').waitFor();
  await page.getByLabel(`The Breakfast Show, ${start.toFormat('HH:mm')} - ${start.plus({ minutes: 10 }).toFormat('HH:mm')}`).waitFor();
}
