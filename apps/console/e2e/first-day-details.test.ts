// The smaller things a first day found (issue 35, point 10): dates as an en-GB browser writes them,
// failed uploads dismissed, filters offering only what applies to a field, saved searches named and
// in words, a past occurrence's change warned of, an item much shorter than its show, and a split
// series' summaries naming the days each airs; and a media-only user offered no scheduling (point 5);
// each at 1366 px and at 390 px (a phone).
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, choose, go, seedMedia, startConsole, wav, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: a first day, the smaller points (issue 35, point 10)', () => {
  let run: ConsoleRun;
  const today = DateTime.now().setZone('Europe/London');
  beforeAll(async () => {
    run = await startConsole();
    await seedMedia(run, 'Short Jingle', 2, { genre: 'Jazz' });
  });
  afterAll(() => run?.stop());

  // Each point on a laptop and on a phone, with one server: each width its own player.
  describe.each([1366, 390])('at %i px', (width) => {
    let page: Page;
    let playerId: number;
    const studio = `Studio D${width}`;
    const phone = width < 600;
    // What each width saves is its own: a saved search's genre, an uploaded file's title.
    const genre = phone ? 'Blues' : 'Jazz';
    const tune = `Tagged Tune ${width}`;
    beforeAll(async () => {
      const { client } = await adminApi(run);
      const player = await client.scheduling.playerCreate({ name: studio, timezone: 'Europe/London' });
      playerId = player.id;
      await client.scheduling.showsLastSet({ player: player.id });
      // A weekly live show that began four weeks ago, at 06:00.
      await client.scheduling.showCreate({ player_id: player.id, mode: 'weekly', start: `${today.minus({ weeks: 4 }).toISODate()} 06:00:00`, stop: `${today.plus({ weeks: 4 }).toISODate()} 23:00:00`, duration: 1800, item_type: 'live' });
      ({ page } = await run.open('admin', undefined, width));
    });

    it('writes dates as an en-GB browser does: day first, a 24-hour clock', async () => {
      // With a player, the console opens on On air: the media list is one link away.
      await go(page, 'Media');
      const updated = page.getByRole('table', { name: 'Media items' }).locator('tbody tr td').nth(8);
      await expect(updated.textContent()).resolves.toBe(DateTime.now().toFormat('dd/MM/yyyy'));
      await go(page, 'Schedule');
      const header = page.locator(`.fc-col-header-cell[data-date="${today.toISODate()}"]`);
      // A phone shows one day, its name written out ("Thursday 26 November"); a laptop the week, "Thu 26/11".
      await expect(header.textContent()).resolves.toContain(phone ? today.setLocale('en-GB').toFormat('d LLLL') : today.toFormat('dd/MM'));
      await page.getByText('14:00').first().waitFor();
    });

    it('warns before changing an occurrence in the past', async () => {
      await page.getByLabel('Go to the week of').fill(today.minus({ weeks: 2 }).toISODate()!);
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await page.getByLabel('Line-In, 06:00 - 06:30').click();
      const dialog = page.getByRole('dialog', { name: /^Line-In, / });
      await dialog.getByText('This occurrence is in the past').waitFor();
      await page.keyboard.press('Escape');
    });

    it('points out an item much shorter than its show', async () => {
      await page.getByRole('button', { name: 'New show or timeslot' }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`on ${studio}$`) });
      await choose(page, 'What airs', 'A media item');
      await dialog.getByRole('combobox', { name: 'Media item' }).or(dialog.getByRole('textbox', { name: 'Media item' })).fill('Short');
      await page.getByRole('option', { name: 'Short Jingle' }).click();
      await dialog.getByText('The item is much shorter than the show').waitFor();
      // Written alike (issue 43, N6): "0:00:02" beside "1:00:00", where "0:02" read as two minutes of an hour.
      await expect(dialog.getByText(/It lasts 0:00:02, the show 1:00:00/).count()).resolves.toBe(1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    it('names the days a split series airs in its summaries, before and after the split', async () => {
      const { client } = await adminApi(run);
      // Sundays at 08:00 from 7 March 2027, the last on 27 June; from 21 March on, Tuesdays instead.
      await client.scheduling.showCreate({ player_id: playerId, mode: 'weekly', start: '2027-03-07 08:00:00', stop: '2027-06-27', duration: 3600, item_type: 'live' });
      await go(page, 'Schedule');
      const summary = page.getByTestId('entry-summary');
      const goToWeek = async (date: string) => {
        await page.getByLabel('Go to the week of').fill(date);
        const loaded = page.waitForResponse((r) => r.url().includes('/api/v2/shows?'));
        await page.getByRole('button', { name: 'Go', exact: true }).click();
        await loaded;
      };
      await goToWeek('2027-03-21');
      await page.locator('.fc-timegrid-col[data-date="2027-03-21"]').getByLabel('Line-In, 08:00 - 09:00').click();
      const which = page.getByRole('dialog', { name: /^Line-In, / });
      await which.getByText('This and following', { exact: true }).click();
      await which.getByRole('button', { name: 'Continue' }).click();
      const split = page.getByRole('dialog', { name: `Change from Sunday 21 Mar 2027, 08:00 on: show on ${studio}` });
      await split.getByLabel('Date').fill('2027-03-23');
      // The last day typed (27 June) is a Sunday: the Tuesday series last airs on 22 June.
      await expect.poll(() => summary.textContent()).toBe('This show airs every week on Tuesday at 08:00 London time until 22 Jun 2027, for 1 hour, from 23 Mar 2027.');
      await split.getByRole('button', { name: 'Save from this occurrence on' }).click();
      await page.getByText('The show changes from Sunday 21 Mar 2027, 08:00 on.').waitFor();
      await split.waitFor({ state: 'detached' });
      const on = (date: string) => page.locator(`.fc-timegrid-col[data-date="${date}"]`).getByLabel('Line-In, 08:00 - 09:00');

      // The Sunday series no longer airs on 21 March: its summary names the 14th as its last day.
      await expect.poll(() => on('2027-03-21').count()).toBe(0);
      await goToWeek('2027-03-14');
      await on('2027-03-14').click();
      await which.getByText('All occurrences', { exact: true }).click();
      await which.getByRole('button', { name: 'Continue' }).click();
      const edit = page.getByRole('dialog', { name: `Edit show on ${studio}` });
      await expect.poll(() => summary.textContent()).toBe('This show airs every week on Sunday at 08:00 London time until 14 Mar 2027, for 1 hour, from 7 Mar 2027.');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });

      // The Tuesday series, from 23 March.
      await goToWeek('2027-03-23');
      await on('2027-03-23').click();
      await which.getByText('All occurrences', { exact: true }).click();
      await which.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => summary.textContent()).toBe('This show airs every week on Tuesday at 08:00 London time until 22 Jun 2027, for 1 hour, from 23 Mar 2027.');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
    });

    it('lets a failed upload be dismissed', async () => {
      await go(page, 'Media');
      await page.getByRole('button', { name: 'Upload files' }).click();
      const transfer = await page.evaluateHandle(() => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(0)], 'empty.wav', { type: 'audio/wav' }));
        return data;
      });
      const zone = page.locator('[aria-label^="Drop files"]');
      await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
      await zone.dispatchEvent('drop', { dataTransfer: transfer });
      const card = page.getByRole('group', { name: 'Upload empty.wav' });
      await card.getByRole('alert').waitFor();
      await card.getByRole('button', { name: 'Dismiss empty.wav' }).click();
      await card.waitFor({ state: 'detached' });
    });

    it('offers only the operators that apply to a field, and names saved searches in words', async () => {
      const search = page.getByRole('search');
      // The upload panel of the test before may still be closing over it: click until it is on
      // (once, on a loaded machine, the click changed nothing).
      const advanced = search.getByRole('switch', { name: 'Advanced search' });
      await expect.poll(async () => (await advanced.isChecked()) || (await advanced.check({ force: true, timeout: 2000 }).then(() => advanced.isChecked(), () => false))).toBe(true);
      await choose(page, 'Filter 1 field', 'Title');
      await page.getByRole('textbox', { name: 'Filter 1 operator', exact: true }).or(page.getByRole('combobox', { name: 'Filter 1 operator', exact: true })).click();
      await page.getByRole('option', { name: 'contains', exact: true }).waitFor();
      expect(await page.getByRole('option', { name: 'is more than' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await choose(page, 'Filter 1 field', 'Year');
      await choose(page, 'Filter 1 operator', 'is more than');
      await choose(page, 'Filter 1 field', 'Genre');
      await expect(page.getByRole('textbox', { name: 'Filter 1 operator', exact: true }).or(page.getByRole('combobox', { name: 'Filter 1 operator', exact: true })).inputValue()).resolves.toBe('is');
      await search.getByRole('textbox', { name: 'Filter 1 value' }).fill(genre);
      await search.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: 'Saved searches and history' }).click();
      await page.getByRole('button', { name: `Save Genre is ${genre}` }).click();
      const naming = page.getByRole('dialog', { name: 'Save the search' });
      await naming.getByLabel('Name').fill(`${genre} only`);
      await naming.getByRole('button', { name: 'Save search' }).click();
      await page.getByText('Search saved.').waitFor();
      // The menu may be closing as the naming dialog closes: opened again until the search is listed.
      const menu = page.getByRole('menu');
      await expect
        .poll(async () => {
          if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Saved searches and history' }).click();
          return menu.getByRole('button', { name: new RegExp(`^${genre} only`) }).count();
        })
        .toBe(1);
    });

    it('reads album, genre and year from the file at upload, with title and artist', async () => {
      await page.goto('/media');
      await page.getByRole('button', { name: 'Upload files' }).click();
      const bytes = [...taggedWav({ INAM: tune, IART: 'The Taggers', IPRD: 'Tag Album', IGNR: 'Folk', ICRD: '1999' })];
      const transfer = await page.evaluateHandle((list) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(list)], 'tagged.wav', { type: 'audio/wav' }));
        return data;
      }, bytes);
      const zone = page.locator('[aria-label^="Drop files"]');
      await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
      await zone.dispatchEvent('drop', { dataTransfer: transfer });
      const card = page.getByRole('group', { name: 'Upload tagged.wav' });
      const field = (name: string) => card.getByRole('textbox', { name, exact: true });
      await expect.poll(() => field('Album').inputValue()).toBe('Tag Album');
      expect([await field('Title').inputValue(), await field('Artist').inputValue(), await field('Genre').inputValue(), await field('Year').inputValue()]).toEqual([tune, 'The Taggers', 'Folk', '1999']);
      await page.getByRole('button', { name: 'Add 1 to the library' }).click();
      await page.getByText('1 item(s) added to the library.').waitFor();
      const { client } = await adminApi(run);
      const found = await client.media.search({ q: { mode: 'simple', string: tune } });
      expect(found.media.filter((m) => m.title === tune).map((m) => [m.title, m.artist, m.album, m.genre, m.year])).toEqual([[tune, 'The Taggers', 'Tag Album', 'Folk', 1999]]);
    });

    it('lists items without cover art with no error in the browser console', async () => {
      const { page: fresh } = await run.open('admin', undefined, width);
      const errors: string[] = [];
      fresh.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await fresh.goto('/media');
      const row = fresh.getByRole('table', { name: 'Media items' }).getByRole('row', { name: /Short Jingle/ });
      await row.getByText('audio', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('(5) offers a media-only user no scheduling, on a phone and a laptop', async () => {
    const { client } = await adminApi(run);
    const group = await client.users.groupCreate({ name: 'Librarians', permissions: ['create_own_media'] });
    await client.users.create({ username: 'librarian', password: 'librarian-password', group_ids: [group.id] });
    for (const width of [390, 1366]) {
      const { page: theirs } = await run.open('librarian', 'librarian-password', width);
      await theirs.goto('/schedule');
      await theirs.getByText(/nothing you may schedule/).waitFor();
      expect(await theirs.getByRole('button', { name: 'New show or timeslot' }).count()).toBe(0);
      expect(await theirs.getByRole('button', { name: 'New player' }).count()).toBe(0);
      // An entry opens nothing to change.
      await theirs.getByRole('button', { name: 'List', exact: true }).click();
      await theirs.getByRole('button', { name: 'Previous week' }).click();
      await theirs.getByLabel('Line-In, 06:00 - 06:30').click();
      await theirs.waitForTimeout(300);
      expect(await theirs.getByRole('dialog').count()).toBe(0);
      await theirs.goto('/media');
      await theirs.getByRole('button', { name: 'Upload files' }).waitFor();
    }
  });

  it('offers "Create an account" only while registration is on, on a phone and a laptop', async () => {
    const logins = [(await run.open(null, undefined, 390)).page, (await run.open(null, undefined, 1366)).page];
    for (const login of logins) {
      await login.getByRole('button', { name: 'Forgot your password?' }).waitFor();
      await login.waitForTimeout(300);
      expect(await login.getByRole('button', { name: 'Create an account' }).count()).toBe(0);
    }
    const { key } = await adminApi(run);
    const on = await fetch(`${run.url}/api/v2/users/can-register`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true }) });
    expect(on.status).toBe(200);
    for (const login of logins) {
      await login.reload();
      await login.getByRole('button', { name: 'Create an account' }).waitFor();
    }
  });
});

/** A second of silence as a WAV with RIFF INFO tags (INAM title, IART artist, IPRD album, IGNR genre, ICRD date). */
function taggedWav(tags: Record<string, string>): Buffer {
  const base = wav(1);
  const fields = Object.entries(tags).map(([id, text]) => {
    const value = Buffer.from(`${text}\0`, 'latin1');
    const padded = value.length % 2 ? Buffer.concat([value, Buffer.alloc(1)]) : value;
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(value.length, 4);
    return Buffer.concat([head, padded]);
  });
  const info = Buffer.concat([Buffer.from('INFO', 'latin1'), ...fields]);
  const list = Buffer.alloc(8);
  list.write('LIST', 0, 'latin1');
  list.writeUInt32LE(info.length, 4);
  const out = Buffer.concat([base, list, info]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}
