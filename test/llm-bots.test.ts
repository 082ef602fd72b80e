// The bots on a real model protocol: a local HTTP server speaking OpenAI chat completions (and Anthropic,
// Ollama) for real, scripted per test. We assert what each bot sent and what it did with the answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelBindingFor } from '../src/llm/index.ts';
import { startFakeLlmServer, type FakeLlmServer } from './support/fake-llm-server.ts';
import { OPERATOR, auth, startTestServer, type TestServer } from './support/server.ts';

describe('bots on an OpenAI-compatible model', () => {
  let fake: FakeLlmServer;
  let s: TestServer;
  beforeAll(async () => {
    fake = await startFakeLlmServer();
    s = await startTestServer({
      only: ['ct-smash', 'la-formula'],
      modelFactory: modelBindingFor,
      // a generous deadline: la-formula's prompt carries its catalogue, and a loaded CI machine is slow to build it
      env: { SWITCHBOARD_MODEL: 'openai:gpt-4o-mini', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test', SWITCHBOARD_LLM_TIMEOUT_MS: '10000' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('ct-smash sends the intent catalog, the [CONTEXTO] block mid-booking and the history, and follows the answer', async () => {
    // understanding (ct-smash is set to cascade or llm by SWITCHBOARD_MODEL + its understanding mode)
    fake.respond = (req) => (req.forcedTool || /response_format/.test(JSON.stringify(req.body)) || /intents/.test(req.text) ? { json: { intents: ['trial'], general_response: '' } } : { text: 'ok' });
    const a = await s.chat('ct-smash', { message: 'quero marcar uma aula experimental' });
    expect(a.intents).toEqual(['trial']);
    fake.requests.length = 0;
    fake.respond = () => ({ json: { intents: ['trial'], general_response: '' } });
    const b = await s.chat('ct-smash', { sessionId: a.sessionId, sessionToken: a.sessionToken, message: 'sim' });
    expect(b.intents).toEqual(['trial']);
    const sent = fake.requests.find((r) => /CONTEXTO/.test(r.text));
    expect(sent, 'an understanding call with the active-flow context').toBeTruthy();
    expect(sent!.text).toMatch(/\[CONTEXTO: Cliente está no meio de um agendamento de aula experimental \(etapa: data\)\]/);
    expect(sent!.text).toMatch(/trial/);
    expect(sent!.text).toMatch(/faq/);
    expect(sent!.text).toMatch(/general/);
    expect(sent!.text).toMatch(/quero marcar uma aula experimental/); // history
    const detail = await s.get(`/api/sessions/${a.sessionId}`, auth(OPERATOR));
    const calls = detail.body.turns.at(-1).modelCalls;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]).toMatchObject({ model: expect.stringContaining('gpt-4o-mini'), ok: true });
    expect(calls[0].inputTokens).toBeGreaterThan(0);
  });

  it("ct-smash uses the model's general_response for the fallback intent", async () => {
    fake.respond = () => ({ json: { intents: ['general'], general_response: 'Oi! Tudo certo por aqui 😊' } });
    const r = await s.chat('ct-smash', { message: 'kkkk e aí, beleza?' });
    expect(r.intents).toEqual(['general']);
    expect(r.reply).toBe('Oi! Tudo certo por aqui 😊');
  });

  it('la-formula: a tagged reply routes by its tag, hands off, and the user never sees the tag', async () => {
    fake.respond = () => ({ text: '[INTENT:problema_entrega] Uh, qué bajón. Dejame que le aviso a Mauri y te escribe en breve.' });
    const r = await s.chat('la-formula', { message: 'me mandaron otra cosa en el pedido' });
    expect(r.intents).toEqual(['problema_entrega']);
    expect(r.mode).toBe('handoff_pending');
    expect(r.reply).toBe('Uh, qué bajón. Dejame que le aviso a Mauri y te escribe en breve.');
    const req = fake.requests.at(-1)!;
    expect(req.text).toMatch(/\[INTENT:/);
    expect(req.text).toMatch(/posible_comprador/);
    expect(req.text).toMatch(/Creatina Monohidratada/); // the catalogue reaches the prompt
  });

  it('la-formula: an unknown tag is treated as otro', async () => {
    fake.respond = () => ({ text: '[INTENT:cualquiera] Dale, cualquier cosa avisame.' });
    const r = await s.chat('la-formula', { message: 'jaja buenísimo' });
    expect(r.intents).toEqual(['otro']);
    expect(r.mode).toBe('bot');
    expect(r.reply).toBe('Dale, cualquier cosa avisame.');
  });
  // Last: the failures open this model's circuit for the rest of the process.
  it('falls back to local understanding when the model keeps failing, and still answers', async () => {
    fake.respond = () => ({ status: 500 });
    const r = await s.chat('ct-smash', { message: 'onde fica a CT?' });
    expect(r.intents).toEqual(['faq']);
    expect(r.reply).toMatch(/Rua|Av/);
    expect(r.path).toBe('local');
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.turns.at(-1).modelCalls.some((c: { ok: boolean }) => !c.ok)).toBe(true);
  });

});

describe('bots on the Anthropic Messages protocol', () => {
  it('ct-smash classifies through Anthropic tool use', async () => {
    const fake = await startFakeLlmServer({ respond: () => ({ json: { intents: ['faq'], general_response: '' } }) });
    const s = await startTestServer({
      only: ['ct-smash'],
      modelFactory: modelBindingFor,
      env: { SWITCHBOARD_MODEL: 'anthropic:claude-3-5-haiku-latest', ANTHROPIC_BASE_URL: fake.origin, ANTHROPIC_API_KEY: 'test' },
    });
    try {
      const r = await s.chat('ct-smash', { message: 'tem estacionamento aí?' });
      expect(r.intents).toEqual(['faq']);
      expect(fake.requests.some((q) => q.protocol === 'anthropic')).toBe(true);
    } finally {
      await s.close();
      await fake.close();
    }
  });
});

describe("bots on Ollama's own chat API", () => {
  it('ct-smash classifies through /api/chat with a JSON-schema format, and the turn records the call', async () => {
    const fake = await startFakeLlmServer({ respond: () => ({ json: { intents: ['trial'], general_response: '' }, usage: { input: 180, output: 7 } }) });
    const s = await startTestServer({ only: ['ct-smash'], modelFactory: modelBindingFor, env: { SWITCHBOARD_MODEL: 'ollama:qwen2.5:7b', OLLAMA_BASE_URL: fake.origin } });
    try {
      const r = await s.chat('ct-smash', { message: 'dá pra fazer uma aula grátis semana que vem?' });
      expect(r.intents).toEqual(['trial']);
      const call = fake.requests.find((q) => q.protocol === 'ollama');
      expect(call?.body.format?.properties?.intents).toBeTruthy();
      const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
      expect(detail.body.turns.at(-1).modelCalls[0]).toMatchObject({ model: 'ollama:qwen2.5:7b', ok: true, inputTokens: 180, outputTokens: 7 });
    } finally {
      await s.close();
      await fake.close();
    }
  });
});

describe('a bot that prefers a person when its model fails', () => {
  it('hands the conversation off instead of guessing locally', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'sb-bots-'));
    mkdirSync(join(dir, 'careful'));
    writeFileSync(
      join(dir, 'careful', 'bot.yaml'),
      `id: careful
language: en
understanding: { fallback: other, onModelFailure: handoff }
intents:
  order: { label: Order status, examples: [where is my order, my package has not arrived, track my order] }
  other: { label: Other, examples: [hello, thanks, bye] }
replies: { order: "Let me check your order.", other: "Hi!", handoff: "A colleague will take it from here." }
`,
    );
    const fake = await startFakeLlmServer({ respond: () => ({ status: 503 }) });
    const s = await startTestServer({
      botsDir: dir,
      modelFactory: modelBindingFor,
      env: { SWITCHBOARD_MODEL: 'openai:gpt-4o-mini', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test' },
    });
    try {
      const r = await s.chat('careful', { message: 'where is my order?' });
      expect(r.mode).toBe('handoff_pending');
      expect(r.reply).toBe('A colleague will take it from here.');
      const pending = await s.get('/api/handoffs/pending', auth(OPERATOR));
      expect(pending.body.sessions.find((x: { id: string }) => x.id === r.sessionId).handoff_reason).toBe('model unavailable');
    } finally {
      await s.close();
      await fake.close();
    }
  });
});

describe('fashion-vn on an OpenAI-compatible model', () => {
  /** fashion-vn on a fake model that reads every message as a shop question and answers it with `answer`. */
  async function fashionOnModel(answer: string) {
    const fake = await startFakeLlmServer();
    const s = await startTestServer({
      only: ['fashion-vn'],
      modelFactory: modelBindingFor,
      env: { ...process.env, SALEOR_API_URL: '', SWITCHBOARD_MODEL: 'openai:gpt-4o-mini', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test' },
    });
    fake.respond = (req) =>
      req.forcedTool || /response_format/.test(JSON.stringify(req.body)) ? { json: { intents: ['general_fashion_inquiry'], general_response: '' } } : { text: answer };
    return { fake, s };
  }

  it('classifies with the model and writes the answer from the retrieved store documents, in Vietnamese', async () => {
    const { fake, s } = await fashionOnModel('Dạ, shop nhận đổi trả trong 7 ngày ạ.');
    try {
      const r = await s.chat('fashion-vn', { message: 'shop cho mình hỏi chính sách đổi trả với' });
      expect(r.intents).toEqual(['general_fashion_inquiry']);
      expect(r.reply).toMatch(/^Dạ, shop nhận đổi trả trong 7 ngày ạ\./);
      const understanding = fake.requests.find((q) => /purchase/.test(q.text) && /off_topic/.test(q.text));
      expect(understanding, 'the intent catalog reached the model').toBeTruthy();
      const answer = fake.requests.find((q) => /tiếng Việt/.test(q.text));
      expect(answer, 'the answer prompt').toBeTruthy();
      expect(answer!.text).toMatch(/đổi|trả/i); // the retrieved passages are in the prompt
      const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
      expect(detail.body.turns.at(-1).modelCalls.map((c: { purpose: string }) => c.purpose)).toContain('generate_answer');
    } finally {
      await s.close();
      await fake.close();
    }
  });

  it("the answer's prompt carries the conversation's last six messages, not all of it", async () => {
    const { fake, s } = await fashionOnModel('Dạ, shop trả lời ạ.');
    try {
      let session: { sessionId?: string; sessionToken?: string } = {};
      for (const n of [1, 2, 3, 4, 5]) {
        const r = await s.chat('fashion-vn', { message: `câu hỏi thứ ${n}: chính sách đổi trả thế nào`, ...session });
        session = { sessionId: r.sessionId, sessionToken: r.sessionToken };
      }
      const last = fake.requests.filter((q) => /tiếng Việt/.test(q.text)).at(-1)!;
      const history = last.text.slice(last.text.indexOf('Conversation so far:'));
      expect(history).toMatch(/câu hỏi thứ 2/);
      expect(history).toMatch(/câu hỏi thứ 4/);
      expect(history).not.toMatch(/câu hỏi thứ 1/);
    } finally {
      await s.close();
      await fake.close();
    }
  });
});
