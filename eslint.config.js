// One lint configuration for the whole repository: `pnpm lint` runs `eslint .` once at the root
// (each package's `lint` script still lints its own folders with it).
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'error',
    },
  },
  {
    // Node scripts run from the command line (tools/, the console's build check): Node's globals,
    // and printing is their job.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
  {
    // The console's words go through its catalogues (apps/console/src/i18n): no sentence written
    // straight into the JSX, as text or as a user-visible attribute (docs/console.md, Languages).
    files: ['apps/console/src/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'placeholder', 'title', 'aria-label', 'description', 'alt', 'error', 'message', 'legend', 'intro', 'submitLabel', 'closeButtonLabel', 'nothingFoundMessage', 'viewHint', 'buttonText'],
          },
          // Symbols and separators (✕, ↑, –, ·) are not words, nor an event type (account.login).
          words: { exclude: ['[^A-Za-z]*', '[a-z_]+([.][a-z_*>]+)+'] },
          // Calls taking ids and options, not words: permissions, a form's field, a colour, a number's style.
          callees: { exclude: ['i18n(ext)?', 't', 'can', 'end', 'button', 'toLocaleString', 'require', 'includes', 'startsWith', 'endsWith'] },
          'object-properties': { exclude: ['style'] },
        },
      ],
    },
  },
);
