// ESLint (flat config) with typescript-eslint: the recommended rules the code follows, with the few it does not
// follow turned off rather than the code mass-edited. Run by `npm run lint` (with knip and the import-cycle check).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', '.build/', 'data/', 'reports/', 'test-results/', '.pack/', '.bundle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      // Every function at 15 or less, the reference bots' included.
      complexity: ['error', 15],
      // The code's convention: `_name` for what is deliberately left unused (a rest sibling dropped, a parameter
      // kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Not followed: `any` at JSON and test boundaries; regular expressions over control characters, runs of
      // spaces and combining marks are deliberate in the text readers.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
      'no-regex-spaces': 'off',
      'no-misleading-character-class': 'off',
    },
  },
);
