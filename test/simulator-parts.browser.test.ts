// A reply's UI parts in the simulator, in real Chromium against the real server: cloudinha's results as cards, and
// its income calculator, whose per-person result is sent as the student's answer and answered by the bot; the parts
// still there after a reload (stored with the reply); a card opened in the simulator counted in the console.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { writeProfile } from '../src/profile/index.ts';
import { ADMIN, auth, startTestServer, type TestServer } from './support/server.ts';
import { browserSkipReason, launchChromium, resultPath } from './support/browser.ts';

const skip = browserSkipReason();
if (skip) console.warn(`[simulator-parts.browser.test] ${skip}`);

const WAIT = { timeout: 60_000 };

describe.skipIf(skip !== null)('UI parts in the simulator (Chromium)', () => {
  let s: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [s, browser] = await Promise.all([startTestServer({ only: ['cloudinha'] }), launchChromium()]);
    for (const [id, name] of [['nina', 'Nina'], ['rui', 'Rui']]) {
      expect((await s.post('/api/users', { id, name }, auth())).status).toBe(201);
      await writeProfile(s.db, 'cloudinha', id, { name, age: 18, city: 'Recife', state: 'PE', education: 'medio_completo', onboarding_completed: true });
    }
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: resultPath('failure-simulator-parts.png') }).catch(() => {});
  });
  afterAll(async () => {
    await context?.close().catch(() => {});
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await s?.close();
  });

  it('shows result cards and an income calculator whose result answers the income question', async () => {
    context = await browser.newContext({ viewport: { width: 1180, height: 900 }, locale: 'pt-BR' });
    context.setDefaultTimeout(WAIT.timeout);
    // Signed in to the console in this tab: the simulator's typed user id is vouched for by its token.
    await context.addInitScript((token) => sessionStorage.setItem('switchboard.token', token), ADMIN);
    page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${s.url}/?bot=cloudinha`);
    await expect.poll(() => page.getByTestId('bot-select').inputValue(), WAIT).toBe('cloudinha');
    await page.getByTestId('user-id').fill('nina');
    const input = page.getByTestId('chat-input');
    await input.fill('quero achar uma faculdade: Direito, tirei 700, à noite, pública');
    await input.press('Enter');

    // The results as cards, beside the text that channels get.
    const cards = page.getByTestId('part-card');
    await expect.poll(() => cards.count(), WAIT).toBeGreaterThan(1);
    expect(await cards.first().innerText()).toMatch(/Direito[\s\S]*UFCG[\s\S]*Sousa\/PB[\s\S]*nota de corte 693/);
    await expect.poll(() => page.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/renda por pessoa/);

    // The calculator: 4.500 for 3 people is 1.500,00 per person; submitting answers the bot's question.
    const form = page.getByTestId('part-form');
    await form.waitFor(WAIT);
    expect(await form.getByRole('heading').innerText()).toBe('Calculadora de renda por pessoa');
    const submit = form.getByTestId('part-submit');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Renda total da família (R$ por mês)').fill('4.500');
    await form.getByLabel('Pessoas que moram na casa').fill('3');
    await expect.poll(() => form.getByTestId('part-result').innerText()).toMatch(/Renda por pessoa: 1\.500,00/);
    await submit.click();
    await expect.poll(() => page.getByTestId('msg-user').last().innerText(), WAIT).toBe('Minha renda por pessoa é R$ 1.500,00');
    await expect.poll(() => page.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/faixa da bolsa integral do Prouni/);
    expect(await submit.isDisabled()).toBe(true); // sent once
    // The first reply keeps its parts once the conversation settles on the stored messages.
    await expect.poll(() => page.locator('[data-testid="msg-bot"][data-stored]').first().getByTestId('part-form').count(), WAIT).toBe(1);
    expect(errors).toEqual([]);
  });

  it('keeps the cards after a reload, and counts a card opened in the simulator in the console', async () => {
    const sim = await browser.newContext({ viewport: { width: 1180, height: 900 }, locale: 'pt-BR' });
    const admin = await browser.newContext({ viewport: { width: 1180, height: 900 }, locale: 'en-US' });
    contexts.push(sim, admin);
    for (const c of [sim, admin]) c.setDefaultTimeout(WAIT.timeout);
    await sim.addInitScript((token) => sessionStorage.setItem('switchboard.token', token), ADMIN);
    page = await sim.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${s.url}/?bot=cloudinha`);
    await expect.poll(() => page.getByTestId('bot-select').inputValue(), WAIT).toBe('cloudinha');
    await page.getByTestId('user-id').fill('rui');
    await page.getByTestId('chat-input').fill('quero achar uma faculdade: Direito, tirei 700, à noite, pública');
    await page.getByTestId('chat-input').press('Enter');
    // The reply settles on its stored message, cards included.
    const reply = page.locator('[data-testid="msg-bot"][data-stored]').filter({ has: page.getByTestId('part-cards') });
    await expect.poll(() => reply.getByTestId('part-card').count(), WAIT).toBeGreaterThan(1);
    const cards = await reply.getByTestId('part-card').allInnerTexts();

    // The console's Feedback tab: nothing opened yet.
    const consolePage = await admin.newPage();
    await consolePage.goto(`${s.url}/admin#token=${ADMIN}`);
    await consolePage.getByTestId('connection').and(consolePage.locator('.on')).waitFor(WAIT);
    await consolePage.getByTestId('tab-feedback').click();
    const row = consolePage.locator('[data-testid="clicks-row"][data-bot="cloudinha"]');
    await row.waitFor(WAIT);
    expect(await row.getAttribute('data-clicks')).toBe('0');

    // Opening the second card counts it; the console hears of it without a reload. Again, it counts once.
    await reply.getByTestId('part-card-open').nth(1).click();
    await expect.poll(() => row.getAttribute('data-clicks'), WAIT).toBe('1');
    expect(await row.innerText()).toMatch(/UFCG|UESPI/);
    await reply.getByTestId('part-card-open').nth(1).click();

    // After a reload the conversation comes back with its cards and calculator, and a card still counts.
    await page.reload();
    const again = page.locator('[data-testid="msg-bot"][data-stored]').filter({ has: page.getByTestId('part-cards') });
    await expect.poll(() => again.getByTestId('part-card').allInnerTexts(), WAIT).toEqual(cards);
    expect(await page.locator('[data-testid="msg-bot"][data-stored]').getByTestId('part-form').count()).toBe(1);
    await again.getByTestId('part-card-open').first().click();
    await expect.poll(() => row.getAttribute('data-clicks'), WAIT).toBe('2');
    const report = await s.get('/api/bots/cloudinha/clicks', auth());
    expect(report.body).toMatchObject({ clicks: 2, clickedReplies: 1 });
    expect(errors).toEqual([]);
  });
});
