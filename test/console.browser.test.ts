// The web console in real Chromium against the real server: a la-formula customer is handed to a person,
// the operator takes the conversation live (no reload), answers, and gives it back to the bot; an admin's
// handoff switch changes what the next message does; and the narrow layout keeps the chat usable.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auth } from './support/server.ts';
import { insertGoldenExample } from '../src/feedback/index.ts';
import { searchKnowledge } from '../src/knowledge/index.ts';
import { browserSkipReason, resultPath } from './support/browser.ts';
import { browserWorld, errorsOf } from './support/browser-world.ts';

const skip = browserSkipReason();
if (skip) console.warn(`[console.browser.test] ${skip}`);

// Generous: the page's events arrive late on a loaded 2-core machine; a wait ends as soon as they do.
const WAIT = { timeout: 60_000 };

describe.skipIf(skip !== null)('web console in Chromium', () => {
  const world = browserWorld({ only: ['la-formula', 'ct-smash'], start: new Date() }, { name: 'console', timeout: WAIT.timeout, viewport: { width: 1180, height: 780 }, consoleErrors: true });
  const open = world.open;

  /** The simulator as a customer of `bot`, optionally signed in as `userId`. */
  async function customer(bot: string, opts: { userId?: string; width?: number; height?: number } = {}) {
    const page = await open(`/?bot=${bot}`, opts);
    await expect.poll(() => page.getByTestId('bot-select').inputValue(), WAIT).toBe(bot);
    if (opts.userId) await page.getByTestId('user-id').fill(opts.userId);
    return page;
  }

  /** Form controls without an accessible name (label element, aria-label or aria-labelledby). */
  const unlabelled = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLInputElement>('input, select, textarea'))
        .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
        .map((el) => el.outerHTML.slice(0, 80)),
    );

  async function say(page: Page, text: string) {
    const input = page.getByTestId('chat-input');
    await input.fill(text);
    await input.press('Enter');
  }

  /** The console signed in through the URL fragment that `npm start` prints, in Spanish (la-formula's operators). */
  async function operator(opts: { width?: number; height?: number } = {}) {
    const page = await open('/admin#token=test-admin-token', { locale: 'es-AR', ...opts });
    await page.getByTestId('connection').and(page.locator('.on')).waitFor(WAIT);
    expect(page.url()).not.toContain('token='); // the token leaves the address bar at once
    return page;
  }

  it('hands a la-formula customer to a person live: take, reply, give back, and the bot answers again', async () => {
    const sim = await customer('la-formula', { userId: 'sofia.martinez' });
    const admin = await operator();
    await admin.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
    expect(await admin.getByTestId('pending-badge').count()).toBe(0);

    // The customer reports a missing order: problema_entrega hands off.
    await say(sim, 'no me llegó el pedido');
    await sim.getByTestId('handoff-banner').and(sim.locator('[data-mode="handoff_pending"]')).waitFor(WAIT);
    await expect.poll(() => sim.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/Mauri/);
    await expect.poll(() => sim.getByTestId('msg-system').count(), WAIT).toBeGreaterThan(0);

    // The console learns it over server-sent events: badge, title, and the conversation marked Pendiente.
    await expect.poll(() => admin.getByTestId('pending-badge').textContent(), WAIT).toBe('1');
    await expect.poll(() => admin.title(), WAIT).toMatch(/^\(1\) /);
    const item = admin.locator('[data-testid="session-item"][data-mode="handoff_pending"]');
    await item.waitFor(WAIT);
    await expect.poll(() => item.innerText()).toMatch(/Pendiente[\s\S]*sofia\.martinez[\s\S]*Problema con entrega/);
    expect(await admin.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true); // no reload happened

    // Take it (→ human), answer, and the customer sees the person's reply.
    await item.click();
    const conversation = admin.getByTestId('conversation');
    await expect.poll(() => conversation.getAttribute('data-mode'), WAIT).toBe('handoff_pending');
    await expect.poll(() => admin.getByTestId('entry-user').count(), WAIT).toBe(1);
    expect(await admin.getByTestId('action-take').innerText()).toBe('Tomar conversación');
    await admin.getByTestId('action-take').click();
    await expect.poll(() => conversation.getAttribute('data-mode'), WAIT).toBe('human');
    await expect.poll(() => admin.getByTestId('pending-badge').count(), WAIT).toBe(0);
    await expect.poll(() => admin.title(), WAIT).not.toMatch(/^\(/);
    const operatorReply = 'Hola Sofía, soy Mauri. Ya estoy revisando tu envío con el correo.';
    await admin.getByTestId('reply-input').fill(operatorReply);
    await admin.getByTestId('reply-send').click();
    await admin.getByTestId('entry-human').waitFor(WAIT);

    await sim.getByTestId('msg-human').waitFor(WAIT);
    expect(await sim.getByTestId('msg-human').innerText()).toContain(operatorReply);
    await sim.getByTestId('handoff-banner').and(sim.locator('[data-mode="human"]')).waitFor(WAIT);

    // Show the turn trace of the bot's handoff reply in the console.
    await admin.getByTestId('trace-toggle').first().click();
    await expect.poll(() => admin.getByTestId('trace-node').count(), WAIT).toBeGreaterThan(1);
    await admin.screenshot({ path: resultPath('console.png') });

    // Give it back to the bot: the banner goes, and the bot answers the next message.
    expect(await admin.getByTestId('action-return').innerText()).toBe('Devolver al bot');
    await admin.getByTestId('action-return').click();
    await expect.poll(() => conversation.getAttribute('data-mode'), WAIT).toBe('bot');
    expect(await admin.getByTestId('action-handoff').innerText()).toBe('Derivar manualmente');
    await sim.getByTestId('handoff-banner').waitFor({ state: 'detached', ...WAIT });
    const botReplies = await sim.getByTestId('msg-bot').count();
    await say(sim, 'tienen creatina?');
    await expect.poll(() => sim.getByTestId('msg-bot').count(), WAIT).toBe(botReplies + 1);
    await expect.poll(() => sim.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/Creatina/);
    expect(await sim.getByTestId('handoff-banner').count()).toBe(0);
    // The new exchange reaches the console live as well.
    await expect.poll(() => admin.getByTestId('history').innerText(), WAIT).toMatch(/tienen creatina\?/);
    await sim.screenshot({ path: resultPath('simulator.png') });

    // The server agrees with what both pages show.
    const detail = await world.server.get(`/api/sessions/${await conversation.getAttribute('data-session-id')}`, auth());
    expect(detail.body.mode).toBe('bot');
    expect(detail.body.messages.map((m: { source: string }) => m.source)).toEqual(['', 'bot', 'human', 'system', '', 'bot']);
    for (const p of [sim, admin]) expect(errorsOf(p)).toEqual([]);
  });

  it('hands off the next message of an intent once its switch is turned on in Settings', async () => {
    const admin = await operator();
    await admin.getByTestId('tab-settings').click();
    expect(new URL(admin.url()).pathname).toBe('/admin/settings');
    await admin.getByTestId('settings-bot').selectOption('la-formula');
    const toggle = admin.getByTestId('handoff-switch-consulta_producto');
    await toggle.waitFor(WAIT);
    expect(await toggle.isChecked()).toBe(false);

    // Before: a product question is answered by the bot.
    const sim = await customer('la-formula');
    await say(sim, 'tienen creatina?');
    await expect.poll(() => sim.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/Creatina/);
    await sim.locator('[data-testid="msg-bot"][data-stored]').waitFor(WAIT);
    expect(await sim.getByTestId('handoff-banner').count()).toBe(0);

    await toggle.check();
    await expect.poll(() => admin.getByTestId('settings-status').textContent(), WAIT).toBe('Guardado');
    const intents = (await world.server.get('/api/bots/la-formula/intents', auth())).body.intents as { id: string; handoff: boolean }[];
    expect(intents.find((i) => i.id === 'consulta_producto')?.handoff).toBe(true);
    expect(await admin.getByTestId('intent-row-consulta_producto').getAttribute('class')).toBe('handoff-on');

    // After: the same kind of question hands off.
    await say(sim, 'y proteína whey tienen?');
    await sim.getByTestId('handoff-banner').and(sim.locator('[data-mode="handoff_pending"]')).waitFor(WAIT);
    await expect.poll(() => sim.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/Mauri/);
    await expect.poll(() => admin.getByTestId('pending-badge').textContent(), WAIT).toBe('1');
    expect(await unlabelled(admin)).toEqual([]);
    await admin.screenshot({ path: resultPath('settings.png') });

    // Switch it back off through the UI; the setting persists.
    await toggle.uncheck();
    await expect.poll(async () => (await world.server.get('/api/bots/la-formula/intents', auth())).body.intents.find((i: { id: string }) => i.id === 'consulta_producto').handoff, WAIT).toBe(false);
  });

  it('keeps one column and keyboard focus on the chat input on a 390 px screen', async () => {
    const sim = await customer('ct-smash', { width: 390, height: 800 });
    // The chat input has focus on load, with a visible focus ring.
    await expect.poll(() => sim.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT).toBe('chat-input');
    const ring = await sim.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(ring).not.toBe('none');

    // Type and send with the keyboard only.
    await sim.keyboard.type('quanto custa a mensalidade?');
    await sim.keyboard.press('Tab');
    expect(await sim.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-send');
    await sim.keyboard.press('Enter');
    await expect.poll(() => sim.getByTestId('msg-bot').last().innerText(), WAIT).toMatch(/R\$/);
    await expect.poll(() => sim.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT).toBe('chat-input');

    // One column, nothing wider than the screen.
    const controls = (await sim.locator('.sim-controls').boundingBox())!;
    const chat = (await sim.locator('.chat').boundingBox())!;
    expect(chat.y).toBeGreaterThanOrEqual(controls.y + controls.height);
    expect(chat.width).toBeGreaterThan(340);
    expect(await sim.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await unlabelled(sim)).toEqual([]);
    await sim.screenshot({ path: resultPath('simulator-narrow.png') });

    // The console on the same screen: the list, then the conversation alone with a way back.
    const admin = await operator({ width: 390, height: 800 });
    const item = admin.getByTestId('session-item').first();
    await item.waitFor(WAIT);
    // Filters that hide every conversation say so (not "no conversations yet"), and clear in one click.
    await admin.getByTestId('filter-bot').selectOption('ct-smash');
    await admin.getByTestId('filter-mode').selectOption('human');
    await admin.getByTestId('sessions-filtered-out').waitFor(WAIT);
    expect(await admin.getByTestId('session-item').count()).toBe(0);
    await admin.getByTestId('clear-filters').click();
    await item.waitFor(WAIT);
    expect(await admin.getByTestId('filter-mode').inputValue()).toBe('');
    await item.click();
    await admin.getByTestId('conversation').waitFor(WAIT);
    expect(await admin.locator('.session-list').isVisible()).toBe(false);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await unlabelled(admin)).toEqual([]);
    await admin.screenshot({ path: resultPath('console-narrow.png') });
    await admin.getByRole('button', { name: /Volver a la lista/ }).click();
    await expect.poll(() => admin.locator('.session-list').isVisible(), WAIT).toBe(true);
  });

  it('adds a knowledge document in Settings that the bot finds at once, and deletes a golden example in Feedback', async () => {
    await insertGoldenExample(world.server.db, { bot: 'ct-smash', userText: 'vocês têm sauna?', reply: 'Temos sim, de terça a sábado.', source: 'judge' });
    const admin = await operator();
    await admin.getByTestId('tab-settings').click();
    await admin.getByTestId('settings-bot').selectOption('ct-smash');
    expect(await admin.getByTestId('knowledge-doc-estacionamento.md').getAttribute('data-source')).toBe('file');

    await admin.getByTestId('knowledge-add').click();
    await admin.getByTestId('knowledge-doc-name').fill('sauna.md');
    await admin.getByTestId('knowledge-markdown').fill('# Sauna\n\n## Horário da sauna\nA sauna seca abre de terça a sábado, das 17h às 21h.\n');
    expect(await unlabelled(admin)).toEqual([]);
    await admin.screenshot({ path: resultPath('settings-knowledge.png') });
    await admin.getByTestId('knowledge-save').click();
    await expect.poll(() => admin.getByTestId('knowledge-status').textContent(), WAIT).toBe('Guardado');
    expect(await admin.getByTestId('knowledge-doc-sauna.md').innerText()).toMatch(/Horário da sauna/);
    expect((await searchKnowledge(world.server.db, 'ct-smash', 'pt-BR', 'sauna seca'))[0]?.doc).toBe('sauna.md');
    // Removing it (admin documents only) takes it out of the search again.
    await admin.getByRole('button', { name: 'Eliminar: Sauna' }).click();
    await admin.getByTestId('knowledge-doc-sauna.md').waitFor({ state: 'detached', ...WAIT });
    expect(await searchKnowledge(world.server.db, 'ct-smash', 'pt-BR', 'sauna seca')).toEqual([]);

    await admin.getByTestId('tab-feedback').click();
    const row = admin.getByTestId('golden-row').filter({ hasText: 'vocês têm sauna?' });
    await row.waitFor(WAIT);
    await admin.screenshot({ path: resultPath('feedback-golden.png') });
    await row.getByRole('button', { name: /^Eliminar/ }).click();
    await row.waitFor({ state: 'detached', ...WAIT });
    expect((await world.server.get('/api/bots/ct-smash/golden', auth())).body.examples).toEqual([]);
    expect(errorsOf(admin)).toEqual([]);
  });

  it('says so when the bots cannot be read, instead of tabs that look empty', async () => {
    const admin = await operator();
    await admin.route('**/api/bots', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'store unavailable' }) }));
    await admin.reload();
    await admin.getByRole('alert').filter({ hasText: 'No se pudieron leer los bots (store unavailable)' }).waitFor(WAIT);
    await admin.unroute('**/api/bots');
    await admin.reload();
    await admin.getByTestId('connection').and(admin.locator('.on')).waitFor(WAIT);
    expect(await admin.getByRole('alert').count()).toBe(0);
  });
});
