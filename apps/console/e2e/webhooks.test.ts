// Webhooks: an administrator registers one for scheduling.player.* pointing at a receiver started
// here, sees its secret once, sends a test event and watches it become delivered in the log, then
// switches it off; a user without manage_webhooks is not offered the page.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@airwave/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, axeViolations, browserAvailable, logIn, startConsole, type ConsoleRun } from './support';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 answering 200 to everything, keeping what it was sent. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}

describe.skipIf(!browserAvailable)('console: webhooks', () => {
  let run: ConsoleRun;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    run = await startConsole();
    ({ page } = await run.open());
  });
  afterAll(async () => {
    await run?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('registers a webhook, shows its secret once, and logs a test event delivered', async () => {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('No webhooks.').waitFor();
    await page.getByRole('button', { name: 'Register a webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Now playing');
    const types = dialog.getByRole('combobox', { name: 'Event types' }).or(dialog.getByRole('textbox', { name: 'Event types' }));
    // A pattern matching nothing is refused by the server, its message under the field.
    await types.fill('scheduling.nothing.*');
    await types.press('Enter');
    await types.press('Escape');
    await dialog.getByText('these match 0 event types').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Register webhook' }).click();
    await dialog.getByText(/^scheduling\.nothing\.\*: matches no event type/).waitFor();
    await types.press('Backspace');
    await types.fill('scheduling.player.*');
    await types.press('Enter');
    await types.press('Escape');
    await dialog.getByText(/these match [1-9]\d* event types?/).waitFor();
    await dialog.getByRole('button', { name: 'Register webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret of Now playing' });
    await shown.getByText('Shown only this once').waitFor();
    expect(await shown.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: 'Copy the secret' }).waitFor();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect(page.getByTestId('webhook-secret').count()).resolves.toBe(0);

    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: /Now playing/ });
    await expect(row.textContent()).resolves.toMatch(/scheduling\.player\.\*.*0 pending · 0 delivered · 0 failed/);
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Send test event to Now playing' }).click();
    await page.getByText('Test event sent to Now playing.').waitFor();
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    expect(receiver.received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    await row.getByRole('button', { name: 'Deliveries of Now playing' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries of Now playing' });
    const delivery = log.getByRole('table', { name: 'Deliveries' }).getByRole('row', { name: /webhook\.test/ });
    await expect
      .poll(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        return delivery.getByText('delivered', { exact: true }).count();
      })
      .toBe(1);
    await expect(delivery.textContent()).resolves.toMatch(/^webhook\.testdelivered1200/);
    // The status badge shows its whole word (issue 35, point 10: it was cut to "DELIVE…").
    expect(await delivery.locator('.mantine-Badge-label').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    // On a phone (390 px) too.
    const { page: phone } = await run.open('admin', undefined, 390);
    await phone.goto('/webhooks');
    await phone.getByRole('button', { name: 'Deliveries of Now playing' }).click();
    const onPhone = phone.getByRole('dialog', { name: 'Deliveries of Now playing' }).getByRole('table', { name: 'Deliveries' }).getByRole('row', { name: /webhook\.test/ });
    await onPhone.getByText('delivered', { exact: true }).waitFor();
    expect(await onPhone.locator('.mantine-Badge-label').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    await phone.close();
    expect(await axeViolations(page)).toEqual([]);
    await log.getByRole('button', { name: /^Send again/ }).click();
    await page.getByText('webhook.test sent again.').waitFor();
    await expect.poll(() => receiver.received.length).toBe(2);
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });
  });

  it('switches the webhook off at once', async () => {
    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: /Now playing/ });
    const enabled = row.getByRole('switch', { name: 'Enabled: Now playing' });
    await expect(enabled.isChecked()).resolves.toBe(true);
    await enabled.click({ force: true });
    await page.getByText('Now playing disabled.').waitFor();
    await page.reload();
    await expect(page.getByRole('table', { name: 'Webhooks' }).getByRole('switch', { name: 'Enabled: Now playing' }).isChecked()).resolves.toBe(false);
    // A disabled webhook's test event is refused, with the server's reason.
    await page.getByRole('button', { name: 'Send test event to Now playing' }).click();
    await page.getByRole('alert').filter({ hasText: 'disabled' }).waitFor();
  });

  it('is not offered to a user without manage_webhooks', async () => {
    const admin = createClient({ baseUrl: run.url });
    await admin.login('admin', ADMIN_PASSWORD);
    await admin.users.create({ username: 'dj.nohooks', password: 'dj-nohooks-password' });
    const { page: theirs } = await run.open(null);
    await logIn(theirs, 'dj.nohooks', 'dj-nohooks-password');
    const links = await theirs.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents();
    expect(links).not.toContain('Webhooks');
    await theirs.goto('/webhooks');
    await theirs.getByRole('alert').filter({ hasText: 'needs the permission manage_webhooks' }).waitFor();
  });
});
