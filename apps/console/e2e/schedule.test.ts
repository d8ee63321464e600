import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, choose, screenshot, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: schedule', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    ({ page } = await run.open());
    await page.getByRole('link', { name: 'Schedule' }).click();
  });
  afterAll(() => run?.stop());

  const dialog = () => page.getByRole('dialog', { name: /on Studio A$/ });
  const playerDialog = () => page.getByRole('dialog', { name: 'New player' });
  async function goToWeek(date: string) {
    await page.getByLabel('Go to the week of').fill(date);
    await page.getByRole('button', { name: 'Go', exact: true }).click();
  }
  async function newLiveShow(date: string, time: string, mode: string) {
    await page.getByRole('button', { name: 'New show or timeslot' }).click();
    await dialog().getByLabel('Date').fill(date);
    await dialog().getByRole('textbox', { name: /^Time \(/ }).fill(time);
    await choose(page, 'Repeat', mode);
    await choose(page, 'What airs', 'Live (line-in)');
  }

  it('creates a player in London and a weekly show across the spring DST change, at 08:00 on both sides', async () => {
    await page.getByRole('button', { name: 'New player' }).click();
    await playerDialog().getByLabel('Name').fill('Studio A');
    await playerDialog().getByRole('combobox', { name: 'Time zone' }).fill('Europe/London');
    await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
    await playerDialog().getByRole('button', { name: 'Create player' }).click();
    await page.getByText('Times are London time (Europe/London).').waitFor();

    await newLiveShow('2026-03-22', '08:00', 'Every week');
    await dialog().getByLabel('Last day (optional)').fill('2026-04-12');
    await expect(page.getByTestId('entry-summary').textContent()).resolves.toBe('This show airs every week on Sunday at 08:00 London time until 12 Apr 2026, for 1 hour, from 22 Mar 2026.');
    await dialog().getByRole('button', { name: 'Save show' }).click();
    await page.getByText('The show was saved.').waitFor();

    await goToWeek('2026-03-22');
    await page.getByLabel('Line-In, 08:00 - 09:00').waitFor();
    await goToWeek('2026-03-29');
    // The Sunday of the change has 23 hours, and the show is still at 08:00 local.
    await page.getByText('(23-hour day)').waitFor();
    await page.getByLabel('Line-In, 08:00 - 09:00').waitFor();
    await screenshot(page, 'schedule');
  });

  it('refuses a show that collides, naming what it overlaps, and keeps the dialog as typed', async () => {
    await newLiveShow('2026-03-29', '08:30', 'Once');
    await dialog().getByRole('button', { name: 'Save show' }).click();
    await dialog().getByRole('alert').filter({ hasText: /overlaps show \d+ at 29 Mar 2026, 08:00/ }).waitFor();
    await expect(dialog().getByRole('textbox', { name: /^Time \(/ }).inputValue()).resolves.toBe('08:30');
    await screenshot(page, 'schedule-collision');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });
});
