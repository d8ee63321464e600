// A live show's own source password in the show dialog (docs/playout.md): write only, never in the
// page or an answer the page reads; a short one refused under the field; kept when left empty on
// an edit; removed with "Remove the show's password".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, choose, startConsole, type ConsoleRun } from './support';

const SECRET = 'live-source-Secret-42';

describe.skipIf(!browserAvailable)('console: a live show\'s source password', () => {
  let run: ConsoleRun;
  let page: Page;
  /** Every answer of the API the page read, to look for the password in. */
  const answers: Promise<string>[] = [];
  beforeAll(async () => {
    run = await startConsole();
    const { client } = await adminApi(run);
    await client.scheduling.playerCreate({ name: 'Studio L', timezone: 'UTC' } as never);
    ({ page } = await run.open());
    page.on('response', (response) => {
      // JSON answers only: an event stream's body would not end.
      if (response.url().includes('/api/') && response.headers()['content-type']?.includes('application/json')) answers.push(response.text().catch(() => ''));
    });
    await page.getByRole('link', { name: 'Schedule' }).click();
    await page.getByText(/^Times are .*\(UTC\)/).waitFor();
  });
  afterAll(() => run?.stop());

  const dialog = () => page.getByRole('dialog', { name: /on Studio L$/ });
  const field = () => dialog().getByLabel('Source password (for the live source client)');
  async function stored() {
    const { client } = await adminApi(run);
    const [row] = await client.scheduling.showList({ start: Date.UTC(2026, 4, 4) / 1000, end: Date.UTC(2026, 4, 5) / 1000 } as never);
    return client.scheduling.showGet({ id: row!.id });
  }
  async function edit(time = '09:00 - 10:00') {
    await page.getByLabel(`Line-In, ${time}`).click();
    await page.getByRole('dialog', { name: 'Edit show on Studio L' }).waitFor();
  }
  async function save() {
    await dialog().getByRole('button', { name: 'Save show' }).click();
    await dialog().waitFor({ state: 'detached' });
  }

  it('sets it on a new live show, refusing a short one under the field; the page never shows it', async () => {
    await page.getByRole('button', { name: 'New show or timeslot' }).click();
    await dialog().getByLabel('Date').fill('2026-05-04');
    await dialog().getByRole('textbox', { name: /^Time \(/ }).fill('09:00');
    // Only a live show has one.
    await expect(field().count()).resolves.toBe(0);
    await choose(page, 'What airs', 'Live (line-in)');
    await dialog().getByText("None: the player's source password is taken").waitFor();
    await field().fill('short');
    await dialog().getByRole('button', { name: 'Save show' }).click();
    // The server's refusal, under the field (and in the dialog's alert).
    await dialog().getByText('must be at least 6 characters', { exact: true }).waitFor();

    await field().fill(SECRET);
    await save();
    expect(await stored()).toMatchObject({ item_type: 'live', has_source_password: true });
    expect(JSON.stringify(await stored())).not.toContain(SECRET);

    await page.getByLabel('Go to the week of').fill('2026-05-04');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await edit();
    await dialog().getByText('Set: leave empty to keep it').waitFor();
    await expect(field().inputValue()).resolves.toBe('');
    expect(await page.content()).not.toContain(SECRET);
    expect((await Promise.all(answers)).filter((body) => body.includes(SECRET))).toEqual([]);
  });

  it('keeps it when an edit leaves the field empty, and removes it on request', async () => {
    await dialog().getByLabel('Length (minutes)').fill('45');
    await save();
    await expect.poll(async () => (await stored()).duration).toBe(45 * 60);
    expect(await stored()).toMatchObject({ has_source_password: true });

    await edit('09:00 - 09:45');
    await dialog().getByRole('checkbox', { name: "Remove the show's password" }).check();
    await expect(field().isDisabled()).resolves.toBe(true);
    await save();
    await expect.poll(async () => (await stored()).has_source_password).toBe(false);

    await edit('09:00 - 09:45');
    await dialog().getByText("None: the player's source password is taken").waitFor();
    await expect(dialog().getByRole('checkbox', { name: "Remove the show's password" }).count()).resolves.toBe(0);
    expect((await Promise.all(answers)).filter((body) => body.includes(SECRET))).toEqual([]);
  });
});
