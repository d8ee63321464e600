// Luxon writes month and day names in the console's locale (lib/locale.ts): set once when a page
// that uses Luxon loads, and again when the language changes. Imported by the modules that format
// with Luxon, so that Luxon stays in their chunks rather than the entry's.
import { Settings } from 'luxon';
import { i18n } from '../i18n';
import { displayLocale } from './locale';

const follow = () => {
  // (Not in Node, where the summaries' unit test imports this: Luxon's default is kept there.)
  if (typeof document !== 'undefined') Settings.defaultLocale = displayLocale();
};
follow();
i18n.on('languageChanged', follow);
