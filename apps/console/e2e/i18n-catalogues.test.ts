// The console's catalogues (src/i18n, issue 35), no browser needed: English and French hold the
// same sentences, every one the source uses, none empty, with the same placeholders; the lint rule
// that keeps sentences out of the JSX finds one; the language is chosen as docs/console.md says;
// and the API's refusals are said in French too, the field named as the French form labels it.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script, without types
import { baseKeys, pluralSuffix, readCatalogue, sourceKeys, srcDir } from '../scripts/i18n-keys.mjs';
import { consoleLanguage, consoleLanguages, i18n } from '../src/i18n';
import { issueSentence, plainMessage, underField } from '../src/lib/plain-errors';

type Catalogue = Record<string, string>;
const languages = consoleLanguages.map((l) => l.value);
const catalogues = Object.fromEntries(languages.map((language) => [language, readCatalogue(language) as Catalogue]));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
const isPlural = (catalogue: Catalogue, key: string) => Object.keys(catalogue).some((k) => k !== key && k.replace(pluralSuffix, '') === key);

describe('the catalogues', () => {
  it('hold every sentence the source uses, and no other', () => {
    const used = [...(sourceKeys() as Set<string>)].sort();
    for (const language of languages) expect([...(baseKeys(catalogues[language]) as Set<string>)].sort(), language).toEqual(used);
  });

  it('have the plural forms each language has, for the same sentences', () => {
    for (const language of languages) {
      const catalogue = catalogues[language]!;
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const key of baseKeys(catalogue) as Set<string>) {
        expect(isPlural(catalogue, key), `${language}: ${key}`).toBe(isPlural(catalogues.en!, key));
        if (!isPlural(catalogue, key)) continue;
        for (const category of categories) expect(catalogue[`${key}_${category}`], `${language}: ${key}_${category}`).toBeTruthy();
      }
    }
  });

  it('have no empty value', () => {
    for (const language of languages) for (const [key, value] of Object.entries(catalogues[language]!)) expect(value.trim(), `${language}: ${key}`).not.toBe('');
  });

  it('keep the placeholders of each sentence (a plural form may leave out its count)', () => {
    for (const language of languages) {
      for (const [key, value] of Object.entries(catalogues[language]!)) {
        const base = key.replace(pluralSuffix, '');
        const expected = placeholders(base);
        if (base === key) expect(placeholders(value), `${language}: ${key}`).toEqual(expected);
        else expect(placeholders(value).every((name) => expected.includes(name)) && expected.filter((name) => name !== 'count').every((name) => placeholders(value).includes(name)), `${language}: ${key}`).toBe(true);
      }
    }
  });
});

describe('the lint rule against sentences in the JSX', () => {
  it('finds text, a label and a sentence in an expression, and leaves translated ones', async () => {
    const eslint = new ESLint({ cwd: join(srcDir, '..', '..', '..') });
    const code = "import { useTranslation } from 'react-i18next';\nexport function Probe({ on }: { on: boolean }) {\n  const { t } = useTranslation();\n  return <div title=\"Hello there\"><b>Save now</b>{on ? 'Yes' : t('No')}<span aria-label={t('Fine')}>✕</span></div>;\n}\n";
    const [result] = await eslint.lintText(code, { filePath: join(srcDir, 'probe.tsx') });
    const found = result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').map((m) => m.message);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toMatch(/Hello there[\s\S]*Save now[\s\S]*'Yes'/);
  });
});

describe('the language', () => {
  it("is the account's when the console has it, else the browser's, else English", () => {
    expect(consoleLanguage('fr', ['en-GB'])).toBe('fr');
    expect(consoleLanguage(null, ['fr-CA', 'en'])).toBe('fr');
    expect(consoleLanguage(null, ['de-DE', 'fr'])).toBe('fr');
    expect(consoleLanguage('de', ['en-GB'])).toBe('en');
    expect(consoleLanguage(null, ['de-DE'])).toBe('en');
    expect(consoleLanguage('pt-BR', ['fr-FR'])).toBe('fr');
  });
});

describe('the API refusals in French', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('names the field as the French form labels it', async () => {
    i18n.addResourceBundle('fr', 'translation', catalogues.fr);
    await i18n.changeLanguage('fr');
    expect(issueSentence('media.0.title', 'Too big: expected string to have <=500 characters')).toBe("Titre de l'élément 1 est trop long : 500 caractères au plus.");
    expect(underField('Too big: expected string to have <=500 characters')).toBe('Trop long : 500 caractères au plus.');
    expect(issueSentence('password_again', 'must match password')).toBe('Confirmation du nouveau mot de passe ne correspond pas au mot de passe.');
    expect(issueSentence('current_password', 'is required to set a new password')).toBe('Mot de passe actuel est nécessaire pour en choisir un nouveau.');
    expect(issueSentence('filters.1.val', 'Too small: expected string to have >=1 characters')).toBe('Valeur du filtre 2 est obligatoire.');
    expect(underField('Invalid input: expected number, received NaN')).toBe('Doit être un nombre.');
    expect(plainMessage('Saving media needs create_own_media or manage_media.', 'fr-FR')).toBe('Saving media demande la permission de créer ses propres médias ou de gérer les médias.');
    expect(plainMessage('The show at 2026-10-25T01:30:00+01:00 collides.', 'fr-FR')).toBe('The show at 25 oct. 2026, 01:30 collides.');
  });
});
