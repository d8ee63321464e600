import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, screenshot, seedMedia, startConsole, toneWav, wav, type ConsoleRun } from './support';
import { limit } from '../../../vitest.shared';

describe.skipIf(!browserAvailable)('console: media library', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    ({ page } = await run.open());
  });
  afterAll(() => run?.stop());

  const rows = () => page.getByRole('table', { name: 'Media items' }).locator('tbody tr');
  async function searchFor(text: string) {
    await page.getByRole('textbox', { name: 'Search' }).fill(text);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  it('uploads generated WAVs by drag and drop, shows their duration, adds them and finds one', async () => {
    await page.getByRole('button', { name: 'Upload files' }).click();
    const files = [
      { name: 'morning-jingle.wav', mimeType: 'audio/wav', buffer: wav(2) },
      { name: 'station-id.wav', mimeType: 'audio/wav', buffer: wav(1) },
      { name: 'weather-bed.wav', mimeType: 'audio/wav', buffer: wav(3) },
    ];
    // Dropped as a browser drops files: a DataTransfer on the drop zone.
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
      return data;
    }, files.map((f) => ({ name: f.name, mimeType: f.mimeType, bytes: [...f.buffer] })));
    const zone = page.locator('[aria-label^="Drop files"]');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    const upload = page.getByRole('group', { name: 'Upload morning-jingle.wav' });
    await expect(upload.getByText('audio, wav, 0:02').waitFor()).resolves.toBeUndefined();
    await upload.getByRole('textbox', { name: 'Artist' }).fill('Airwave Imaging');
    await screenshot(page, 'media-upload');
    await page.getByRole('button', { name: 'Add 3 to the library' }).click();
    await page.getByText('3 item(s) added to the library.').waitFor();
    await searchFor('jingle');
    await page.getByRole('button', { name: 'Edit morning-jingle' }).waitFor();
    expect(await rows().count()).toBe(1);
    await expect(rows().first().textContent()).resolves.toContain('Airwave Imaging');
    await searchFor('');
    await expect.poll(() => rows().count()).toBe(3);
    await page.getByRole('button', { name: 'Hide uploads' }).click();
    await screenshot(page, 'media');
  });

  it('edits three items at once: one invalid item keeps all from saving, its error shown on it', async () => {
    await page.getByRole('checkbox', { name: 'Select every item on this page' }).check();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 3 items' });
    await dialog.getByRole('textbox', { name: 'Value' }).fill('Jingles');
    await dialog.getByRole('button', { name: 'Apply to all' }).click();
    const second = dialog.getByRole('group', { name: /^Item 2:/ });
    await second.getByRole('textbox', { name: 'Year' }).fill('99999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
    await expect(second.getByText(/less than or equal to 9999|too big|9999/i).count()).resolves.toBeGreaterThan(0);
    expect(await dialog.locator('[data-invalid]').count()).toBe(1);
    await screenshot(page, 'media-bulk-edit');
    // Nothing was saved: the library still has no genre.
    expect(await page.getByRole('table', { name: 'Media items' }).getByText('Jingles').count()).toBe(0);
    await second.getByRole('textbox', { name: 'Year' }).fill('2024');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('3 items saved.').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Media items' }).getByText('Jingles').count()).toBe(3);
  });

  it('archives an item, refuses to delete an approved one, deletes the archived one', async () => {
    const select = (title: string) => page.getByRole('checkbox', { name: `Select ${title}` }).check();
    await select('station-id');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete 1 item(s)' }).click();
    await page.getByRole('alert').filter({ hasText: /archived or unapproved/i }).waitFor();
    await select('station-id');
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('1 item(s) archived.').waitFor();
    await expect.poll(() => rows().count()).toBe(2);
    await page.locator('label', { hasText: /^Archived$/ }).click();
    await page.getByRole('button', { name: 'Edit station-id' }).waitFor();
    await select('station-id');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete 1 item(s)' }).click();
    await page.getByText('1 item(s) deleted.').waitFor();
    await page.getByText('No items found.').waitFor();
  });

  it('points out a file already in the library, and leaves it out on request (N10)', async () => {
    await page.locator('label', { hasText: /^Approved$/ }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByRole('button', { name: 'Upload files' }).click();
    await page.locator('input[type="file"]').setInputFiles([{ name: 'jingle-again.wav', mimeType: 'audio/wav', buffer: wav(2) }, { name: 'new-bed.wav', mimeType: 'audio/wav', buffer: wav(4) }]);
    const again = page.getByRole('group', { name: 'Upload jingle-again.wav' });
    await again.getByRole('note').getByText('This file is already in the library as “morning-jingle” by Airwave Imaging.').waitFor();
    await page.getByRole('group', { name: 'Upload new-bed.wav' }).getByText('audio, wav, 0:04').waitFor();
    expect(await page.getByRole('group', { name: 'Upload new-bed.wav' }).getByRole('note').count()).toBe(0);
    await again.getByRole('button', { name: 'Leave out jingle-again.wav' }).click();
    await expect.poll(() => again.count()).toBe(0);
    await page.getByRole('button', { name: 'Add 1 to the library' }).click();
    await page.getByText('1 item(s) added to the library.').waitFor();
    await expect.poll(() => rows().count()).toBe(3);
    await page.getByRole('button', { name: 'Hide uploads' }).click();
  });

  it('approves the unapproved items chosen, in one save (N10)', async () => {
    const { client } = await adminApi(run);
    for (const title of ['Unapproved one', 'Unapproved two']) {
      const id = await seedMedia(run, title, 1);
      await client.media.save({ media: [{ id, is_approved: false }] });
    }
    await page.locator('label', { hasText: /^Unapproved$/ }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select every item on this page' }).check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('2 item(s) approved.').waitFor();
    await page.getByText('No items found.').waitFor();
    await page.locator('label', { hasText: /^Approved$/ }).click();
    await page.getByRole('button', { name: 'Edit Unapproved two' }).waitFor();
  });
  it('shares an item with users and groups chosen by name, and names them again when reopened (N10)', async () => {
    const { client } = await adminApi(run);
    const group = await client.users.groupCreate({ name: 'Night presenters', permissions: [] } as never);
    const directory = await client.usersMore.directory({ q: 'admin' });
    const me = directory.users[0]!;
    await page.getByRole('button', { name: 'Edit Unapproved one' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Users who may edit it', { exact: true }).fill('adm');
    await page.getByRole('option', { name: me.name }).click();
    await dialog.getByLabel('Groups who may edit it', { exact: true }).fill('night');
    await page.getByRole('option', { name: 'Night presenters' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Item saved.').waitFor();
    const item = (await client.media.search({ q: 'Unapproved one', s: 'approved' } as never)) as unknown as { media: { title: string; permitted_users: number[]; permitted_groups: number[] }[] };
    const saved = item.media.find((m) => m.title === 'Unapproved one')!;
    expect(saved.permitted_users).toEqual([me.id]);
    expect(saved.permitted_groups).toEqual([(group as { id: number }).id]);
    await page.getByRole('button', { name: 'Edit Unapproved one' }).click();
    await page.getByRole('dialog').getByText('Night presenters').waitFor();
    await page.getByRole('dialog').getByText(me.name, { exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });
  it("shows an audio item's loudness in the library, and moves its cue-in on the waveform (issue 44)", async () => {
    const id = await seedMedia(run, 'Framed tone', 6, {}, toneWav(6));
    // the columns fill once the background analysis has measured it
    await expect
      .poll(async () => (await searchFor('Framed tone'), await page.getByRole('button', { name: 'Edit Framed tone' }).waitFor(), await rows().first().textContent()), { timeout: limit(30_000), interval: 500 })
      .toMatch(/-\d+\.\d LUFS.*-\d+\.\d dBTP/);
    await page.getByText(/Sound analysed for/).waitFor();
    await page.getByRole('button', { name: 'Edit Framed tone' }).click();
    const sound = page.getByRole('dialog').getByRole('group', { name: 'Sound' });
    await sound.getByText(/Loudness: -\d+\.\d LUFS/).waitFor();
    const cueIn = sound.getByRole('textbox', { name: 'Cue in (s)' });
    expect(Math.abs(Number(await cueIn.inputValue()) - 1)).toBeLessThan(0.05);
    // dragged from the tone's start to a quarter of the file (1.5 s of 6)
    const wave = (await sound.getByRole('img', { name: 'Waveform with its cue points' }).boundingBox())!;
    const marker = (await sound.locator('[data-cue="cue_in"] line').boundingBox())!;
    await page.mouse.move(marker.x + marker.width / 2, wave.y + wave.height / 2);
    await page.mouse.down();
    await page.mouse.move(wave.x + wave.width * 0.25, wave.y + wave.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Math.abs(Number(await cueIn.inputValue()) - 1.5)).toBeLessThan(0.1);
    await screenshot(page, 'media-sound');
    await sound.getByRole('button', { name: 'Set cue points' }).click();
    await page.getByText('Cue points saved.').waitFor();
    const { client } = await adminApi(run);
    const analysis = await client.media.analysisGet({ id });
    expect(Math.abs(analysis.edited.cue_in! - 1.5)).toBeLessThan(0.1);
    expect(analysis.cue_in).toBe(analysis.edited.cue_in);
    await page.keyboard.press('Escape');
  });
});
