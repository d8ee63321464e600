// What every end-to-end file shares: an embedded Airwave (the default `pnpm start` runs, in this
// process, on a free port, with its own data directory) serving the built console, and Debian's
// Chromium driven by playwright-core. Without /usr/bin/chromium the suite is skipped with a
// message, except in CI, where it must run.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedEmbeddedDataDir } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { startSystem, type RunningSystem } from '@airwave/server';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { limit } from '../../../vitest.shared';

export const CHROMIUM = process.env.AIRWAVE_CHROMIUM ?? '/usr/bin/chromium';
export const ADMIN_PASSWORD = 'e2e-admin-password';
const here = dirname(fileURLToPath(import.meta.url));
export const consoleDist = join(here, '..', 'dist');
export const screenshotDir = join(here, '..', '..', '..', 'docs', 'console-screenshots');

/** Whether the suite runs here: Chromium present, or CI (where a missing one fails loudly). */
const switchedOff = process.env.AIRWAVE_CONSOLE_E2E === '0';
export const browserAvailable = !switchedOff && (existsSync(CHROMIUM) || Boolean(process.env.CI));
if (!browserAvailable) {
  process.stderr.write(
    switchedOff
      ? 'Console end-to-end tests skipped: AIRWAVE_CONSOLE_E2E=0.\n'
      : `Console end-to-end tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium). CI runs them.\n`,
  );
}

export interface ConsoleRun {
  system: RunningSystem;
  browser: Browser;
  url: string;
  /** A fresh browser context (its own storage), logged in as `username` unless null. */
  open(username?: string | null, password?: string, width?: number): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** `env`: settings over the defaults below (a playout's Icecast and harbor, say). */
export async function startConsole(env: Record<string, string> = {}): Promise<ConsoleRun> {
  if (!existsSync(join(consoleDist, 'index.html'))) throw new Error('apps/console is not built: run `pnpm --filter @airwave/console build`');
  const dataDir = await mkdtemp(join(tmpdir(), 'airwave-console-e2e-'));
  await seedEmbeddedDataDir(dataDir);
  const system = await startSystem({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      AIRWAVE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CONSOLE_DIR: consoleDist,
      // Webhooks to a receiver the test starts on 127.0.0.1 (plain http), a failed attempt retried soon.
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_FIRST_RETRY_SECONDS: '0.2',
      ...env,
    },
    logger: createLogger({ level: 'silent' }),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const contexts: BrowserContext[] = [];
  return {
    system,
    browser,
    url: system.url,
    async open(username = 'admin', password = ADMIN_PASSWORD, width = 1280) {
      // A phone (390 px) is given a phone's height.
      const viewport = { width, height: width < 600 ? 844 : 800 };
      const context = await browser.newContext({ baseURL: system.url, viewport, timezoneId: 'UTC', locale: 'en-GB' });
      contexts.push(context);
      // Ten seconds for a click or a wait on an idle machine, scaled on a busy one (vitest.shared.ts).
      context.setDefaultTimeout(limit(10_000));
      const page = await context.newPage();
      await page.goto('/');
      if (username !== null) await logIn(page, username, password);
      return { context, page };
    },
    async stop() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await system.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Pages' }).waitFor();
}

/** A screenshot of the page as it is, for docs/console.md. */
export async function screenshot(page: Page, name: string, options: { notices?: boolean } = {}): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  // Without the notifications in the corner, when they would hide what the picture is of.
  const style = options.notices === false ? await page.addStyleTag({ content: '.mantine-Notifications-root { visibility: hidden; }' }) : null;
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  await style?.evaluate((element) => (element as Element).remove());
}

/** A short WAV of silence, `seconds` long (8 kHz, 8-bit mono). */
export function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/** A WAV of `seconds`: 1 s of silence, a 440 Hz tone at half scale, 1 s of silence (8 kHz, 8-bit). */
export function toneWav(seconds: number): Buffer {
  const silent = wav(seconds);
  const rate = 8000;
  for (let i = rate; i < Math.round(rate * (seconds - 1)); i += 1) silent[44 + i] = Math.round(128 + 63 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return silent;
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true }));
  // The list is opened again if the page drew the field anew meanwhile (a list of choices that
  // arrived, the language applied after login), which closes it.
  for (let attempt = 1; ; attempt += 1) {
    await field.click();
    try {
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: limit(attempt < 3 ? 4000 : 15_000) });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is (`rule: first targets`). */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // A notice that starts fading out (its time up) while axe measures would be read at part of its
    // opacity (CI saw this twice): notices are held at their settled look for the check.
    const hold = document.createElement('style');
    hold.textContent = '.mantine-Notifications-root, .mantine-Notifications-root * { transition: none !important; animation: none !important; opacity: 1 !important; }';
    document.head.append(hold);
    try {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
      return await axe.run(document, { resultTypes: ['violations'] });
    } finally {
      hold.remove();
    }
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Waits (at most 2 s) for the page's animations and transitions to end: axe measures a notice that
 * is still fading in at part of its opacity, and reports a contrast its settled state does not have.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** An API client logged in as the administrator, for what a scenario needs before the page does. */
export async function adminApi(run: ConsoleRun) {
  const { createClient } = await import('@airwave/client');
  const client = createClient({ baseUrl: run.url });
  const session = await client.login('admin', ADMIN_PASSWORD);
  return { client, key: session.key };
}

/** A WAV uploaded and saved as an approved media item (`seconds` long); answers its id. */
export async function seedMedia(run: ConsoleRun, title: string, seconds: number, extra: Record<string, unknown> = {}, bytes: Buffer = wav(seconds)): Promise<number> {
  const { client, key } = await adminApi(run);
  const upload = await fetch(`${run.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: new Uint8Array(bytes) });
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
  const saved = await client.media.save({ media: [{ file_id, file_key, title, ...extra }] as never });
  return saved[0]!.id;
}

/** Goes to a page through the page list, opening the menu first on a phone (where it is folded away). */
export async function go(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Show the pages' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name, exact: true }).click();
}
