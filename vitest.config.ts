import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const chronoLocales = fileURLToPath(new URL('./node_modules/chrono-node/dist/esm/locales/', import.meta.url));

export default defineConfig({
  resolve: {
    // Vite does not resolve chrono-node's "./*" exports pattern the way Node does (vitest-dev/vitest#4761):
    // point the locale subpaths (`chrono-node/pt`) at the files Node itself loads for them.
    alias: [{ find: /^chrono-node\/(\w\w)$/, replacement: `${chronoLocales}$1/index.js` }],
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bots/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    // The web console is built (when stale) before any test starts: the browser tests serve it.
    globalSetup: ['test/global-setup.ts'],
    // Tests run the fashion bot against the fake Saleor over its demo catalogue, asked for explicitly (in
    // production, without SALEOR_API_URL, the catalogue is unavailable); test/fashion-vn.test.ts checks both.
    // Understanding's time budget (1 s per message by default) turns a slow read into the fallback reply: on a
    // loaded CI machine that would make replies depend on the clock. Tests of the budget set their own.
    env: { SALEOR_DEV: '1', SWITCHBOARD_UNDERSTANDING_BUDGET_MS: '60000' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
