// The console in the user's language (issue 35): French chosen in the settings applies at once,
// without a reload, to every page (media, schedule, players, settings), to dates and numbers and to
// the server's refusals, and stays after a reload; axe-core finds nothing on the French pages;
// English again with one change (the browser's, as with none chosen). With no language chosen, a French browser gets French from the
// login page on.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { ADMIN_PASSWORD, adminApi, axeViolations, browserAvailable, choose, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: languages', () => {
  let run: ConsoleRun;
  beforeAll(async () => {
    run = await startConsole();
    const item = await seedMedia(run, 'Matinale', 2);
    const { client } = await adminApi(run);
    const player = await client.scheduling.playerCreate({ name: 'Studio Paris', timezone: 'Europe/Paris', description: '' });
    const today = DateTime.now().setZone('Europe/Paris').toISODate()!;
    await client.scheduling.showCreate({ player_id: player.id, mode: 'once', start: `${today} 10:00:00`, duration: 3600, item_type: 'media', item_id: item });
  });
  afterAll(() => run?.stop());

  const nav = (page: Page) => page.getByRole('navigation', { name: /^(Pages)$/ });
  const go = async (page: Page, name: string) => {
    await nav(page).getByRole('link', { name }).click();
    // The pointer off the page list: axe measures the link as the page shows it, not hovered.
    await page.mouse.move(700, 790);
  };

  it('switches to French in the settings at once, and every page follows', async () => {
    const { page } = await run.open();
    await page.goto('/settings');
    await choose(page, 'Language', 'Français');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // No reload: the notice, the page and the page list are French, and the page's language.
    await page.getByText('Paramètres enregistrés.').waitFor();
    await page.getByRole('heading', { name: 'Paramètres du compte' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    const links = await nav(page).getByRole('link').allTextContents();
    expect(links).toEqual(expect.arrayContaining(["À l'antenne", 'Médias', 'Grille', 'Lecteurs', 'Playlists', 'Paramètres du compte']));
    expect(await axeViolations(page)).toEqual([]);

    // The server's refusal in French, the field named as the French form labels it.
    await page.getByLabel('Nouveau mot de passe (laisser vide pour le garder)').fill('a-new-password-1');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await page.getByRole('alert').filter({ hasText: 'Confirmation du nouveau mot de passe ne correspond pas au mot de passe.' }).waitFor();
    await page.getByText('Ne correspond pas au mot de passe.', { exact: true }).waitFor();

    await go(page, 'Médias');
    await page.getByRole('heading', { name: 'Médias' }).waitFor();
    await page.getByRole('search', { name: 'Chercher dans la médiathèque' }).getByRole('button', { name: 'Rechercher' }).waitFor();
    await expect(page.getByRole('radio', { name: 'Approuvé', exact: true }).isChecked()).resolves.toBe(true);
    const row = page.getByRole('table', { name: 'Éléments médias' }).getByRole('row', { name: /Matinale/ });
    // Day first, as French writes dates.
    await expect(row.textContent()).resolves.toContain(DateTime.now().toFormat('dd/LL/yyyy'));
    await page.getByText(/^1–1 sur 1$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'media-french');

    await go(page, 'Grille');
    await page.getByRole('heading', { name: 'Grille' }).waitFor();
    await page.getByText('Les heures sont celles de Paris (Europe/Paris).').waitFor();
    await page.getByRole('button', { name: 'Nouvelle émission ou nouveau créneau' }).waitFor();
    // FullCalendar in French: its buttons and its days.
    await page.getByRole('button', { name: "Aujourd'hui" }).waitFor();
    await page.getByRole('button', { name: 'Semaine', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Semaine suivante' }).waitFor();
    await expect(page.locator('.fc-col-header').textContent()).resolves.toMatch(/lun\./);
    await page.locator('.fc-event').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-french');

    await go(page, 'Lecteurs');
    await page.getByRole('heading', { name: 'Lecteurs' }).waitFor();
    await page.getByRole('button', { name: 'Nouveau lecteur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau lecteur' });
    await dialog.getByLabel('Fuseau horaire').waitFor();
    await dialog.getByRole('group', { name: "Ce qu'il peut diffuser" }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);

    // A reload keeps it (the account's setting, and the browser remembers it for the first paint).
    await page.reload();
    await page.getByRole('heading', { name: 'Lecteurs' }).waitFor();

    // Back to English with one change: the browser's language (en-GB), as with none chosen.
    await go(page, 'Paramètres du compte');
    await choose(page, 'Langue', 'La langue du navigateur');
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
  });

  it("gives a French browser French when the account has no language, from the login page on", async () => {
    // The account has no language (whatever the scenario above left).
    const { client } = await adminApi(run);
    await client.accountMore.settingsUpdate({ language: null });
    const context = await run.browser.newContext({ baseURL: run.url, viewport: { width: 1280, height: 800 }, timezoneId: 'Europe/Paris', locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByLabel("Nom d'utilisateur").fill('admin');
      await page.getByRole('textbox', { name: 'Mot de passe' }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await nav(page).waitFor();
      await go(page, 'Paramètres du compte');
      // The account's language is none: "the browser's language" is what the form shows.
      const language = page.getByRole('textbox', { name: 'Langue', exact: true }).or(page.getByRole('combobox', { name: 'Langue', exact: true }));
      await expect(language.inputValue()).resolves.toBe('La langue du navigateur');
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
