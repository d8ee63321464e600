import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, startConsole, wav, type ConsoleRun } from './support';

// A generated PNG (drawn on a canvas in the page) and a WAV added to the library: the image's
// thumbnail in the list, the WAV's type in its place; then the WAV's versions: a longer cut added
// with notes, made active (the item's duration follows), notes edited, the first version deleted.
describe.skipIf(!browserAvailable)('console: media versions and thumbnails', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    ({ page } = await run.open());
  });
  afterAll(() => run?.stop());

  const row = (title: string) => page.getByRole('table', { name: 'Media items' }).locator('tbody tr').filter({ has: page.getByRole('button', { name: `Edit ${title}`, exact: true }) });
  const dialog = () => page.getByRole('dialog', { name: 'Versions of promo' });
  const versions = () => dialog().locator('tbody tr');

  it('shows thumbnails in the list: the image scaled by the server, the type for audio without art', async () => {
    await page.getByRole('button', { name: 'Upload files' }).click();
    const wavBytes = [...wav(2)];
    const transfer = await page.evaluateHandle(async (bytes) => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 120;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c0392b';
      context.fillRect(0, 0, 200, 120);
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([png], 'cover.png', { type: 'image/png' }));
      data.items.add(new File([new Uint8Array(bytes)], 'promo.wav', { type: 'audio/wav' }));
      return data;
    }, wavBytes);
    const zone = page.locator('[aria-label^="Drop files"]');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByRole('group', { name: 'Upload promo.wav' }).getByText('audio, wav, 0:02').waitFor();
    await page.getByRole('group', { name: 'Upload cover.png' }).getByText(/^image, png/).waitFor();
    await page.getByRole('button', { name: 'Add 2 to the library' }).click();
    await page.getByText('2 item(s) added to the library.').waitFor();
    await page.getByRole('button', { name: 'Hide uploads' }).click();

    const thumbnail = row('cover').getByRole('img', { name: 'Thumbnail of cover' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
    await row('promo').getByText('audio', { exact: true }).waitFor();
    await expect(row('promo').getByRole('img').count()).resolves.toBe(0);
  });

  it('adds a version with notes, makes it active, edits notes and deletes the first version', async () => {
    await row('promo').getByRole('button', { name: 'Versions of promo' }).click();
    await expect.poll(() => versions().count()).toBe(1);
    await versions().first().getByText('Active', { exact: true }).waitFor();

    await dialog().locator('input[type="file"]').setInputFiles({ name: 'promo-long.wav', mimeType: 'audio/wav', buffer: wav(5) });
    await dialog().getByRole('textbox', { name: 'Its notes' }).fill('Longer cut');
    await dialog().getByRole('button', { name: 'Add version' }).click();
    await page.getByText('Version added.').waitFor();
    await expect.poll(() => versions().count()).toBe(2);
    // Newest first: the longer cut, not active yet.
    const newest = versions().first();
    await expect(newest.getByRole('textbox').inputValue()).resolves.toBe('Longer cut');
    await newest.getByText('0:05').waitFor();
    await newest.getByRole('button', { name: /^Make the version of .* active$/ }).click();
    await page.getByText('That version is now the active one.').waitFor();
    await versions().first().getByText('Active', { exact: true }).waitFor();
    await expect.poll(() => versions().nth(1).getByText('Active', { exact: true }).count()).toBe(0);
    // The item now has the active version's duration.
    await row('promo').getByText('0:05').waitFor();

    await versions().nth(1).getByRole('textbox').fill('First edit, too short');
    await versions().nth(1).getByRole('button', { name: 'Save notes' }).click();
    await page.getByText('Notes saved.').waitFor();
    await screenshot(page, 'media-versions', { notices: false });
    await versions().nth(1).getByRole('button', { name: /^Delete the version of/ }).click();
    await page.getByText('Version deleted.').waitFor();
    await expect.poll(() => versions().count()).toBe(1);
    await expect(versions().first().getByRole('textbox').inputValue()).resolves.toBe('Longer cut');

    await dialog().getByRole('button', { name: 'Close' }).or(dialog().locator('.mantine-Modal-close')).first().click();
    await screenshot(page, 'media-thumbnails', { notices: false });
  });
});
