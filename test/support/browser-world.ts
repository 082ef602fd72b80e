// One test server and one Chromium for a describe block. Pages opened through `open` get their own context, are
// photographed when a test fails and closed after the block; each page keeps the errors it threw (and, with
// `consoleErrors`, the errors it logged) in `errorsOf(page)`, and with `pageErrorsFail` a test fails on any of them.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, resultPath } from './browser.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface PageOptions {
  locale?: string;
  width?: number;
  height?: number;
}

export interface BrowserWorldOptions {
  /** Prefix of the failure screenshots' names. */
  name: string;
  /** Every wait of a page, generous for a loaded 2-core machine. */
  timeout: number;
  viewport: { width: number; height: number };
  consoleErrors?: boolean;
  pageErrorsFail?: boolean;
}

const pageErrors = new WeakMap<Page, string[]>();

/** The errors a page opened by a browser world threw (and logged, with `consoleErrors`). */
export function errorsOf(page: Page): string[] {
  return pageErrors.get(page) ?? [];
}

export function browserWorld(serverOptions: TestServerOptions, opts: BrowserWorldOptions) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let pages: Page[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(serverOptions), launchChromium()]);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      for (const [i, p] of pages.entries()) await p.screenshot({ path: resultPath(`failure-${opts.name}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}-${i}.png`) }).catch(() => {});
    }
    if (opts.pageErrorsFail) for (const p of pages) expect(errorsOf(p), 'errors in the page').toEqual([]);
    pages = [];
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  return {
    get server(): TestServer {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
    async open(path: string, page: PageOptions = {}): Promise<Page> {
      if (!browser || !server) throw new Error('the browser starts in beforeAll');
      const context = await browser.newContext({ viewport: { width: page.width ?? opts.viewport.width, height: page.height ?? opts.viewport.height }, locale: page.locale ?? 'en-US' });
      context.setDefaultTimeout(opts.timeout);
      contexts.push(context);
      const opened = await context.newPage();
      pages.push(opened);
      const errors: string[] = [];
      opened.on('pageerror', (e) => errors.push(e.message));
      if (opts.consoleErrors) opened.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      pageErrors.set(opened, errors);
      await opened.goto(server.url + path);
      return opened;
    },
  };
}
