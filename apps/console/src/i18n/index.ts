// The console's own words in the user's language (i18next and react-i18next; the choice is in
// docs/decisions/console-languages.md). English is bundled; another language's catalogue is its
// own chunk, loaded when chosen. The keys are the English sentences themselves, so a key missing
// from a catalogue still reads as English, and the code says what the page says.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** The languages the console is written in, each named in itself (for the settings' list). */
export const consoleLanguages = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
] as const;

export type ConsoleLanguage = (typeof consoleLanguages)[number]['value'];

const catalogues: Record<Exclude<ConsoleLanguage, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  fr: () => import('./fr.json'),
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // English sentences as keys: no '.' or ':' separators in them.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const REMEMBERED = 'airwave.console.language';
let applying = 0;

const supported = (tag: string | null | undefined): ConsoleLanguage | null => {
  const base = tag?.split(/[-_]/)[0]?.toLowerCase();
  return consoleLanguages.find((l) => l.value === base)?.value ?? null;
};

/**
 * The console's language: the account's choice when the console is written in it; with none
 * chosen (or one it is not written in), the browser's first language it is written in; else English.
 */
export function consoleLanguage(chosen: string | null | undefined, browser: readonly string[] = navigator.languages ?? [navigator.language]): ConsoleLanguage {
  return supported(chosen) ?? browser.map(supported).find((l) => l !== null) ?? 'en';
}

/**
 * Switches the console to a language, its catalogue loaded first (so the page never shows half of
 * it); the page's `lang` follows, and with it the dates and numbers (lib/locale.ts).
 */
export async function applyLanguage(language: ConsoleLanguage): Promise<void> {
  const call = ++applying;
  localStorage.setItem(REMEMBERED, language);
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const { default: catalogue } = await catalogues[language]();
    i18n.addResourceBundle(language, 'translation', catalogue);
    // A later choice made while this catalogue loaded wins.
    if (call !== applying) return;
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/**
 * The language this browser last showed the console in, for the page before the session is read
 * (so that a French user's reload does not flash English), or null.
 */
export function rememberedLanguage(): ConsoleLanguage | null {
  return supported(localStorage.getItem(REMEMBERED));
}

/**
 * Marks a sentence for the catalogue where it is declared outside a component (a list of labels):
 * it is translated where it is shown, with `t(label)`.
 */
export const msg = <T extends string>(english: T): T => english;
