// The locale the console writes dates, times and numbers in.

/**
 * The locale dates and numbers are written in: the account's language, in the browser's variant of
 * it when the browser's is one ("en" and an en-GB browser: en-GB, day first and a 24-hour clock).
 */
export function displayLocale(): string {
  const chosen = document.documentElement.lang || 'en';
  const browser = navigator.languages?.[0] ?? navigator.language;
  return browser && browser.split('-')[0] === chosen.split('-')[0] ? browser : chosen;
}
