// The console's catalogue keys, read from its source: the English sentences passed to `t(…)`,
// `i18n.t(…)` and `msg(…)` (string literals, also either side of a `?:`). `node
// scripts/i18n-keys.mjs` writes them into src/i18n/en.json (keeping the plural forms written
// there: `key_one`, `key_other`) and lists what src/i18n/fr.json lacks or has too many;
// e2e/i18n-catalogues.test.ts checks the same without writing.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ts = createRequire(import.meta.url)('typescript');
const here = dirname(fileURLToPath(import.meta.url));
export const srcDir = join(here, '..', 'src');
export const catalogueDir = join(srcDir, 'i18n');
export const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every key the source uses (a Set of English sentences). */
export function sourceKeys() {
  const keys = new Set();
  const literals = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
    if (ts.isParenthesizedExpression(node)) return literals(node.expression);
    return [];
  };
  for (const file of sourceFiles(srcDir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.arguments.length > 0 && /^(t|msg|i18n\.t)$/.test(node.expression.getText(source))) {
        for (const key of literals(node.arguments[0])) keys.add(key);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return keys;
}

export const readCatalogue = (language) => JSON.parse(readFileSync(join(catalogueDir, `${language}.json`), 'utf8'));

/** A catalogue's keys without their plural suffixes. */
export const baseKeys = (catalogue) => new Set(Object.keys(catalogue).map((key) => key.replace(pluralSuffix, '')));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const used = sourceKeys();
  const en = readCatalogue('en');
  const next = {};
  for (const key of [...used].sort((a, b) => a.localeCompare(b, 'en'))) {
    const plural = Object.keys(en).filter((k) => k.replace(pluralSuffix, '') === key && k !== key);
    if (plural.length) for (const k of plural) next[k] = en[k];
    else next[key] = en[key] ?? key;
  }
  writeFileSync(join(catalogueDir, 'en.json'), `${JSON.stringify(next, null, 2)}\n`);
  const fr = baseKeys(readCatalogue('fr'));
  const missing = [...used].filter((key) => !fr.has(key));
  const extra = [...fr].filter((key) => !used.has(key));
  console.log(`${used.size} keys; fr.json lacks ${missing.length}, has ${extra.length} too many`);
  if (process.argv.includes('--list')) for (const key of missing) console.log(`missing: ${key}`);
  if (process.argv.includes('--list')) for (const key of extra) console.log(`extra: ${key}`);
}
