// The console in real Chromium says, before the operator types, that a WhatsApp customer silent for 24 hours
// cannot get a free-text reply (the Cloud API then takes only approved templates) and turns the reply box off.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsConfigFromEnv } from '../src/channels/index.ts';
import { Runtime } from '../src/engine/index.ts';
import { openTestDatabase, type Database } from '../src/store/index.ts';
import { browserSkipReason, launchChromium, resultPath } from './support/browser.ts';
import { startChannelsServer, type ChannelsServer } from './support/channels-server.ts';
import { startFakeGraph, type FakeProvider } from './support/fake-channel-providers.ts';

const skip = browserSkipReason();
const WAIT = { timeout: 60_000 };
const APP_SECRET = 'meta-app-secret';
const ADMIN = 'console-admin';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/channels/${name}.json`, import.meta.url), 'utf8'));

describe.skipIf(skip !== null)('console: WhatsApp 24-hour window', () => {
  let db: Database;
  let runtime: Runtime;
  let server: ChannelsServer;
  let graph: FakeProvider;
  let browser: Browser;

  beforeAll(async () => {
    [graph, browser] = await Promise.all([startFakeGraph('graph-token'), launchChromium()]);
    db = await openTestDatabase();
    runtime = await Runtime.create({ db, only: ['la-formula'] });
    const config = channelsConfigFromEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_TOKEN: 'graph-token', WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_PHONE_NUMBER_IDS: '109876543210:la-formula', CHANNELS_RETRY_DELAYS_MS: '5' });
    server = await startChannelsServer(runtime, config, { adminToken: ADMIN, operatorToken: ADMIN });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await runtime?.close();
    await db?.close();
    await graph?.close();
  });

  it('shows why a reply cannot reach the customer and keeps the reply box closed', async () => {
    const sessionId = 'whatsapp-la-formula-5491177770001';
    const raw = JSON.stringify(fixture('whatsapp-text'));
    await server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` });
    await server.channels.whenIdle();
    await runtime.setMode(sessionId, 'human', 'console');
    await db.query(`update messages set created_at = created_at - interval '25 hours' where session_id = $1`, [sessionId]);

    const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1180, height: 780 } });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    await page.goto(`${server.base}/admin#token=${ADMIN}`);
    await page.getByTestId('connection').and(page.locator('.on')).waitFor(WAIT);
    await page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`).click();
    const note = page.getByTestId('window-closed');
    await note.waitFor(WAIT);
    expect(await note.innerText()).toMatch(/24 horas.*plantillas aprobadas.*no tiene ninguna/);
    expect(await page.getByTestId('reply-input').isDisabled()).toBe(true);
    expect(await page.locator('.reply-box .hint').innerText()).toMatch(/cuando el cliente vuelva a escribir/);
    await page.screenshot({ path: resultPath('console-window-closed.png') });
  });
});
