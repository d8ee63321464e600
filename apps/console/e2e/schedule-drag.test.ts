// Dragging and resizing entries in the calendar (issue 35), at 1366 px, with what the server then
// holds read through the API: a one-time show moved and undone, resized, dropped into the 25-hour
// day; an occurrence of a weekly show moved with each of the three choices and undone (a split's
// undo brings back the exception the split had taken); a collision refused and put back; a past
// entry asks first; a swipe on a phone scrolls; a read-only user cannot drag.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminApi, browserAvailable, logIn, startConsole, type ConsoleRun } from './support';

type Client = Awaited<ReturnType<typeof adminApi>>['client'];

describe.skipIf(!browserAvailable)('console: dragging entries in the schedule', () => {
  let run: ConsoleRun;
  let page: Page;
  let client: Client;
  let playerId: number;
  let once: number;
  let weekly: number;
  beforeAll(async () => {
    run = await startConsole();
    ({ client } = await adminApi(run));
    playerId = (await client.scheduling.playerCreate({ name: 'Studio D', timezone: 'Europe/London' })).id;
    const live = { player_id: playerId, item_type: 'live' as const, duration: 3600 };
    once = (await client.scheduling.showCreate({ ...live, mode: 'once', start: '2027-05-19 10:00:00' })).id;
    weekly = (await client.scheduling.showCreate({ ...live, mode: 'weekly', start: '2027-05-04 09:00:00', stop: '2027-06-29' })).id;
    // A skipped occurrence after the split point: a split takes it to the new series, its undo brings it back.
    await client.scheduling.showExceptionCreate({ id: weekly, original_start: '2027-06-01 09:00:00', skip: true });
    ({ page } = await run.open('admin', undefined, 1366));
    await page.setViewportSize({ width: 1366, height: 1100 });
    await page.getByRole('link', { name: 'Schedule' }).click();
    await goToWeek(page, '2027-05-17');
  });
  afterAll(() => run?.stop());

  const day = (date: string) => page.locator(`td.fc-timegrid-col[data-date="${date}"]`);
  const show = (date: string, time: string) => day(date).getByLabel(`Line-In, ${time}`, { exact: false });
  const notice = (text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
  const get = (id: number) => client.scheduling.showGet({ id });
  /** Undo in the notice; the mouse then leaves the corner (a notice under it would stay open). */
  async function undo(text: string | RegExp) {
    await notice(text).getByRole('button', { name: 'Undo' }).click();
    await page.mouse.move(10, 600);
  }

  it('moves a one-time show by dragging it, and Undo puts it back', async () => {
    await dragTo(page, show('2027-05-19', '10:00 - 11:00'), '2027-05-20', '12:00');
    await notice('Line-In is now on Thursday 20 May 2027, 12:00 for 60 minutes.').waitFor();
    await expect.poll(async () => (await get(once)).start).toBe('2027-05-20T12:00:00+01:00');
    await show('2027-05-20', '12:00 - 13:00').waitFor();
    await undo(/now on Thursday 20 May/);
    await notice('The change was undone.').waitFor();
    await expect.poll(async () => (await get(once)).start).toBe('2027-05-19T10:00:00+01:00');
    await show('2027-05-19', '10:00 - 11:00').waitFor();
  });

  it('resizes a one-time show by its end', async () => {
    const entry = show('2027-05-19', '10:00 - 11:00');
    await entry.hover();
    const resizer = entry.locator('.fc-event-resizer-end');
    await dragTo(page, resizer, '2027-05-19', '11:00');
    await notice(/for 90 minutes/).waitFor();
    await expect.poll(async () => (await get(once)).duration).toBe(5400);
    await show('2027-05-19', '10:00 - 11:30').waitFor();
  });

  it('refuses a move onto another show with the server message, and puts the entry back', async () => {
    const other = await client.scheduling.showCreate({ player_id: playerId, item_type: 'live', duration: 3600, mode: 'once', start: '2027-05-21 14:00:00' });
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await show('2027-05-21', '14:00 - 15:00').waitFor();
    await dragTo(page, show('2027-05-19', '10:00 - 11:30'), '2027-05-21', '14:00');
    await page.getByRole('alert').filter({ hasText: /overlaps show \d+ at 21 May 2027, 14:00/ }).waitFor();
    await show('2027-05-19', '10:00 - 11:30').waitFor();
    await expect(show('2027-05-21', '14:00 - 15:00').getAttribute('class')).resolves.toContain('entry-collision');
    expect((await get(once)).start).toBe('2027-05-19T10:00:00+01:00');
    await client.scheduling.showDelete({ id: other.id });
  });

  it('moves one occurrence of a weekly show only, and Undo removes the exception', async () => {
    await dragTo(page, show('2027-05-18', '09:00 - 10:00'), '2027-05-18', '15:00');
    await page.getByRole('dialog', { name: /^Move Line-In, Tuesday 18 May 2027, 09:00/ }).getByRole('button', { name: 'This occurrence only' }).click();
    await notice('This occurrence is now on Tuesday 18 May 2027, 15:00 for 60 minutes.').waitFor();
    const moved = async () => (await get(weekly)).exceptions.filter((e) => !e.skip).map((e) => [e.original_start, e.start]);
    await expect.poll(moved).toEqual([['2027-05-18T09:00:00+01:00', '2027-05-18T15:00:00+01:00']]);
    await show('2027-05-18', '15:00 - 16:00 (moved from').waitFor();
    await undo(/This occurrence is now on/);
    await expect.poll(moved).toEqual([]);
    await show('2027-05-18', '09:00 - 10:00').waitFor();
  });

  it('splits the series at a dragged occurrence, and Undo restores the old stop and the exception it took', async () => {
    const before = await get(weekly);
    await dragTo(page, show('2027-05-18', '09:00 - 10:00'), '2027-05-18', '16:00');
    await page.getByRole('dialog').getByRole('button', { name: 'This and following' }).click();
    await notice(/From this occurrence on, it is on Tuesday 18 May 2027, 16:00/).waitFor();
    await expect.poll(async () => (await get(weekly)).stop).toBe('2027-05-18T08:59:59+01:00');
    expect((await get(weekly)).exceptions).toEqual([]);
    const week = { player: playerId, start: '2027-05-25T00:00:00+01:00', end: '2027-06-08T00:00:00+01:00' };
    const after = (await client.scheduling.showList(week)).filter((s) => s.id !== weekly && s.id !== once);
    expect(after[0]!.start).toBe('2027-05-25T16:00:00+01:00');
    const split = after[0]!.id;
    // The skip went with the new series (at 16:00 it no longer matches an occurrence: the server keeps it).
    expect((await get(split)).exceptions.map((e) => [e.original_start, e.skip, e.matches])).toEqual([['2027-06-01T09:00:00+01:00', true, false]]);
    await undo(/From this occurrence on/);
    await notice('The change was undone.').waitFor();
    await expect.poll(async () => (await get(weekly)).stop).toBe(before.stop);
    await expect(get(split)).rejects.toThrow();
    // (the undo's steps may still be landing when its notice shows: read until they have)
    await expect.poll(async () => (await get(weekly)).exceptions.map((e) => [e.original_start, e.skip])).toEqual([['2027-06-01T09:00:00+01:00', true]]);
    expect((await client.scheduling.showList(week)).map((s) => s.start)).toEqual(['2027-05-25T09:00:00+01:00']);
    await show('2027-05-18', '09:00 - 10:00').waitFor();
  });

  it('moves all occurrences, cancels a drag, and Undo puts the series back', async () => {
    await dragTo(page, show('2027-05-18', '09:00 - 10:00'), '2027-05-18', '12:00');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await show('2027-05-18', '09:00 - 10:00').waitFor();
    expect((await get(weekly)).start).toBe('2027-05-04T09:00:00+01:00');

    await dragTo(page, show('2027-05-18', '09:00 - 10:00'), '2027-05-17', '07:00');
    await page.getByRole('dialog').getByRole('button', { name: 'All occurrences' }).click();
    await notice(/Every occurrence moves with it/).waitFor();
    await expect.poll(async () => (await get(weekly)).start).toBe('2027-05-03T07:00:00+01:00');
    await show('2027-05-17', '07:00 - 08:00').waitFor();
    await undo(/Every occurrence moves with it/);
    await expect.poll(async () => (await get(weekly)).start).toBe('2027-05-04T09:00:00+01:00');
    await show('2027-05-18', '09:00 - 10:00').waitFor();
  });

  it('drops a show into the 25-hour day at its local time, keeping its length', async () => {
    const autumn = (await client.scheduling.showCreate({ player_id: playerId, item_type: 'live', duration: 3600, mode: 'once', start: '2027-10-30 09:00:00' })).id;
    await goToWeek(page, '2027-10-25');
    await page.getByText('(25-hour day)').waitFor();
    await dragTo(page, show('2027-10-30', '09:00 - 10:00'), '2027-10-31', '07:00');
    await expect.poll(async () => (await get(autumn)).start).toBe('2027-10-31T07:00:00+00:00');
    expect((await get(autumn)).duration).toBe(3600);
    await show('2027-10-31', '07:00 - 08:00').waitFor();
  });

  it('asks before moving an entry that has already aired, and Cancel puts it back', async () => {
    const past = (await client.scheduling.showCreate({ player_id: playerId, item_type: 'live', duration: 3600, mode: 'once', start: '2026-01-07 10:00:00' })).id;
    await goToWeek(page, '2026-01-05');
    await dragTo(page, show('2026-01-07', '10:00 - 11:00'), '2026-01-08', '10:00');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This entry is in the past').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await show('2026-01-07', '10:00 - 11:00').waitFor();
    expect((await get(past)).start).toBe('2026-01-07T10:00:00+00:00');
  });

  it('scrolls a phone\'s day when a finger swipes over an entry, moving nothing', async () => {
    const context = await run.browser.newContext({ baseURL: run.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'UTC', locale: 'en-GB' });
    try {
      const phone = await context.newPage();
      await phone.goto('/');
      await logIn(phone, 'admin', ADMIN_PASSWORD);
      await phone.goto('/schedule');
      await goToWeek(phone, '2027-05-19');
      const entry = phone.getByLabel('Line-In, 10:00 - 11:30');
      await entry.waitFor();
      // A phone's calendar is as tall as its day: the page scrolls, not a pane inside it (N9).
      const scrolled = () => phone.evaluate(() => document.scrollingElement!.scrollTop);
      const before = await scrolled();
      const box = (await entry.boundingBox())!;
      const touch = await context.newCDPSession(phone);
      const at = (y: number) => [{ x: box.x + box.width / 2, y }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(box.y + 10) });
      for (let step = 1; step <= 10; step++) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(box.y + 10 - step * 20) });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(scrolled).toBeGreaterThan(before + 50);
      expect(await phone.getByRole('dialog').count()).toBe(0);
      expect((await get(once)).start).toBe('2027-05-19T10:00:00+01:00');
    } finally {
      await context.close();
    }
  });

  it('offers a read-only user nothing to drag', async () => {
    const group = await client.users.groupCreate({ name: 'Listeners', permissions: [] });
    await client.users.create({ username: 'listener', password: 'listener-password', group_ids: [group.id] });
    const { page: theirs } = await run.open('listener', 'listener-password', 1366);
    await theirs.setViewportSize({ width: 1366, height: 1100 });
    await theirs.goto('/schedule');
    await goToWeek(theirs, '2027-05-17');
    const entry = theirs.locator('td.fc-timegrid-col[data-date="2027-05-19"]').getByLabel('Line-In, 10:00 - 11:30');
    await entry.waitFor();
    await expect(entry.getAttribute('class')).resolves.not.toContain('fc-event-draggable');
    await dragTo(theirs, entry, '2027-05-20', '12:00');
    expect(await theirs.getByRole('dialog').count()).toBe(0);
    expect((await get(once)).start).toBe('2027-05-19T10:00:00+01:00');
  });
});

async function goToWeek(page: Page, date: string) {
  await page.getByLabel('Go to the week of').fill(date);
  const loaded = page.waitForResponse((r) => r.url().includes('/api/v2/shows?'));
  // Enter submits it: no click that a notice at the top could be in the way of.
  await page.getByLabel('Go to the week of').press('Enter');
  await loaded;
}

/** Drags `what` with the mouse from its top to the slot at `time` ("12:00") on `date`. */
async function dragTo(page: Page, what: Locator, date: string, time: string) {
  const from = (await what.boundingBox())!;
  const lane = (await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox())!;
  const column = (await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox())!;
  const grabY = from.height > 10 ? from.y + 4 : from.y + from.height / 2;
  await page.mouse.move(from.x + from.width / 2, grabY);
  await page.mouse.down();
  await page.mouse.move(column.x + column.width / 2, lane.y + 4, { steps: 12 });
  await page.mouse.up();
}
