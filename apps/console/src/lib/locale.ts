// The locale the console writes dates, times and numbers in.

/**
 * The locale dates and numbers are written in: the console's language (i18n/), in the browser's variant of
 * it when the browser's is one ("en" and an en-GB browser: en-GB, day first and a 24-hour clock).
 */
export function displayLocale(): string {
  // Outside a browser (the unit tests of the schedule's wordings): the console's default, en-GB.
  if (typeof document === 'undefined') return 'en-GB';
  const chosen = document.documentElement.lang || 'en';
  const browser = navigator.languages?.[0] ?? navigator.language;
  return browser && browser.split('-')[0] === chosen.split('-')[0] ? browser : chosen;
}
