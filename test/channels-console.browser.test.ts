// The console in real Chromium and the WhatsApp 24-hour window: a reply Meta reported undelivered is marked (the
// customer writes through the Cloud API, the bot's reply is accepted, then a failed status arrives), and before an
// operator types to a customer silent for 24 hours the console says a free-text reply cannot reach them (the
// Cloud API then takes only approved templates) and turns the reply box off.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsConfigFromEnv, listDeliveries } from '../src/channels/index.ts';
import { Runtime } from '../src/engine/index.ts';
import { openTestDatabase, type Database } from '../src/store/index.ts';
import { browserSkipReason, launchChromium, resultPath } from './support/browser.ts';
import { startChannelsServer, type ChannelsServer } from './support/channels-server.ts';
import { startFakeGraph, type FakeProvider } from './support/fake-channel-providers.ts';

const skip = browserSkipReason();
// Generous: the page's events arrive late on a loaded 2-core machine; a wait ends as soon as they do.
const WAIT = { timeout: 60_000 };
const APP_SECRET = 'meta-app-secret';
const ADMIN = 'console-admin';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/channels/${name}.json`, import.meta.url), 'utf8'));

describe.skipIf(skip !== null)('console: WhatsApp replies outside the 24-hour window', () => {
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

  const signed = (payload: object) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` });
  };

  /** The fixture's text message written by another customer: their own number, user id and message id. */
  const textFrom = (number: string) => {
    const payload = fixture('whatsapp-text');
    const value = payload.entry[0].changes[0].value;
    Object.assign(value.contacts[0], { wa_id: number, user_id: `AR.${number}` });
    Object.assign(value.messages[0], { from: number, from_user_id: `AR.${number}`, id: `wamid.${number}` });
    return payload;
  };

  const openConversation = async (sessionId: string) => {
    const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1180, height: 780 } });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    await page.goto(`${server.base}/admin#token=${ADMIN}`);
    await page.getByTestId('connection').and(page.locator('.on')).waitFor(WAIT);
    await page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`).click();
    return page;
  };

  it('shows a "not delivered" mark on the reply, live, with the reason', async () => {
    const sessionId = 'whatsapp-la-formula-5491177770001';
    await signed(fixture('whatsapp-text'));
    await server.channels.whenIdle();

    const page = await openConversation(sessionId);
    await page.getByTestId('entry-bot').first().waitFor(WAIT);
    expect(await page.getByTestId('delivery-failed').count()).toBe(0);

    // Meta reports the reply it had accepted as failed: the open conversation marks it without a reload.
    const [sent] = await listDeliveries(db, { sessionId });
    const report = fixture('whatsapp-status-failed-131047');
    report.entry[0].changes[0].value.statuses[0].id = sent.providerMessageId;
    expect((await signed(report)).body.failedDeliveries).toBe(1);
    const mark = page.getByTestId('entry-bot').first().getByTestId('delivery-failed');
    await mark.waitFor(WAIT);
    expect(await mark.innerText()).toBe('No entregado');
    expect(await mark.getAttribute('title')).toMatch(/Re-engagement/);
    await expect.poll(() => page.getByTestId('entry-system').last().innerText(), WAIT).toMatch(/24 horas/);
    await page.screenshot({ path: resultPath('console-undelivered.png') });
  });

  it('shows why a reply cannot reach a customer silent for 24 hours and keeps the reply box closed', async () => {
    const sessionId = 'whatsapp-la-formula-5491177770002';
    await signed(textFrom('5491177770002'));
    await server.channels.whenIdle();
    await runtime.setMode(sessionId, 'human', 'console');
    await db.query(`update messages set created_at = created_at - interval '25 hours' where session_id = $1`, [sessionId]);

    const page = await openConversation(sessionId);
    const note = page.getByTestId('window-closed');
    await note.waitFor(WAIT);
    expect(await note.innerText()).toMatch(/24 horas.*plantillas aprobadas.*no tiene ninguna/);
    expect(await page.getByTestId('reply-input').isDisabled()).toBe(true);
    expect(await page.locator('.reply-box .hint').innerText()).toMatch(/cuando el cliente vuelva a escribir/);
    await page.screenshot({ path: resultPath('console-window-closed.png') });
  });
});
