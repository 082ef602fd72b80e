// A bot with `understanding.embeddings` over real HTTP: the embedding model is the fake provider server speaking
// OpenAI's embeddings protocol, its vectors a bag of words where chosen words share a concept, so a message can be
// close to an intent's examples in "meaning" while sharing no word with them. Meaning routes such a message; a
// failed embedding request leaves local understanding answering; each message costs one request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelBindingFor } from '../src/llm/index.ts';
import { bagOfWordsEmbedding, startFakeLlmServer, type FakeLlmServer } from './support/fake-llm-server.ts';
import { ADMIN, OPERATOR, auth, startTestServer, type TestServer } from './support/server.ts';

const BOT = `id: banco-teste
language: pt-BR
understanding:
  fallback: geral
  embeddings: { model: openai:text-embedding-3-small, timeoutMs: 1500 }
intents:
  cartao_perdido:
    label: Cartão perdido
    examples: [perdi meu cartão, meu cartão sumiu, cartão perdido e agora, roubaram meu cartão, não encontro meu cartão]
  horario:
    label: Horário
    examples: [que horas vocês abrem, qual o horário de funcionamento, abrem no sábado, até que horas fica aberto]
  geral:
    label: Geral
    examples: [oi, obrigado, tchau]
replies:
  cartao_perdido: Bloqueamos seu cartão. Um novo chega em 5 dias.
  horario: Abrimos de segunda a sexta, das 9h às 17h.
  geral: Olá! Posso ajudar com cartões e horários.
`;

// "extraviei" means "perdi" and "plástico" means "cartão" to the fake model; "funcionário", "conversar" and "desejo"
// mean the words of a request for a person.
const embed = bagOfWordsEmbedding({ concepts: { extraviei: 'perdi', plastico: 'cartao', funcionario: 'humano', conversar: 'atendido', desejo: 'quero' } });
const NO_SHARED_WORD = 'extraviei plástico ontem';

let dir: string;
let fake: FakeLlmServer;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sb-embeddings-'));
  mkdirSync(join(dir, 'banco-teste'));
  writeFileSync(join(dir, 'banco-teste', 'bot.yaml'), BOT);
  fake = await startFakeLlmServer({ embed });
  s = await startTestServer({ botsDir: dir, env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test' } });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.requests.length = 0;
});

const say = (message: string) => s.chat('banco-teste', { message });

describe('understanding.embeddings', () => {
  it('routes a message that shares no word with an intent’s examples but is close to them by the model', async () => {
    const bot = s.runtime.bot('banco-teste');
    const words = (t: string) => t.toLowerCase().split(/\s+/);
    const examples = bot.intents.cartao_perdido.examples.flatMap(words);
    expect(words(NO_SHARED_WORD).some((w) => examples.includes(w))).toBe(false);
    // Local understanding alone does not read it so.
    const alone = await bot.local.understand({ text: NO_SHARED_WORD, flows: [], now: new Date() });
    expect(alone.intents.map((i) => i.id)).not.toContain('cartao_perdido');

    const r = await say(NO_SHARED_WORD);
    expect(r.intents).toEqual(['cartao_perdido']);
    expect(r.reply).toBe('Bloqueamos seu cartão. Um novo chega em 5 dias.');
    // The first message embedded the examples (in batches) beside itself.
    expect(fake.requests.every((q) => q.path === '/v1/embeddings' && q.model === 'text-embedding-3-small')).toBe(true);
    const message = fake.requests.filter((q) => q.inputs!.includes(NO_SHARED_WORD));
    expect(message.map((q) => q.inputs)).toEqual([[NO_SHARED_WORD]]);
    expect(fake.requests.filter((q) => !message.includes(q)).flatMap((q) => q.inputs)).toEqual(expect.arrayContaining(bot.intents.cartao_perdido.examples));
  });

  it('costs one embedding request per message once the examples are embedded, recorded with the turn', async () => {
    await say('extraviei plástico hoje cedo');
    const r = await say('abrem no sábado?');
    expect(r.intents).toEqual(['horario']);
    expect(fake.requests.map((q) => q.inputs)).toEqual([['extraviei plástico hoje cedo'], ['abrem no sábado?']]);
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.turns.at(-1).modelCalls).toMatchObject([{ model: 'openai:text-embedding-3-small', purpose: 'embed_message', ok: true }]);
  });

  it('a request for a person in words the skills never use hands over', async () => {
    const r = await say('desejo conversar com funcionário');
    expect(r.mode).not.toBe('bot');
  });

  it('an embedding failure leaves local understanding answering', async () => {
    fake.enqueue({ status: 500 }, { status: 500 });
    const local = await say('perdi meu cartão ontem');
    expect(local.intents).toEqual(['cartao_perdido']);
    // Without meaning the message that shares no word falls to the fallback again.
    const unsure = await say(NO_SHARED_WORD);
    expect(unsure.intents).not.toContain('cartao_perdido');
    expect(fake.requests).toHaveLength(2);
    const detail = await s.get(`/api/sessions/${unsure.sessionId}`, auth(OPERATOR));
    expect(detail.body.turns.at(-1).modelCalls).toMatchObject([{ purpose: 'embed_message', ok: false }]);
  });

  it('a late embedding model is not waited for past its deadline: local understanding answers', async () => {
    fake.enqueue({ delayMs: 60_000 });
    const r = await say('perdi meu cartão');
    expect(r.intents).toEqual(['cartao_perdido']);
    expect(fake.requests).toHaveLength(1);
  });

  it('an admin’s new example is embedded alone: the others come from the store', async () => {
    const bot = s.runtime.bot('banco-teste');
    const put = await s.put('/api/bots/banco-teste/intents', { intents: { horario: { examples: [...bot.intents.horario.examples, 'vocês funcionam domingo'] } } }, auth(ADMIN));
    expect(put.status).toBe(200);
    const r = await say('extraviei plástico');
    expect(r.intents).toEqual(['cartao_perdido']);
    expect(fake.requests.map((q) => q.inputs).sort()).toEqual([['extraviei plástico'], ['vocês funcionam domingo']]);
  });
});

describe('understanding.embeddings beside a cascade', () => {
  let cdir: string;
  let chat: FakeLlmServer;
  let c: TestServer;
  beforeAll(async () => {
    cdir = mkdtempSync(join(tmpdir(), 'sb-embeddings-cascade-'));
    mkdirSync(join(cdir, 'banco-teste'));
    writeFileSync(join(cdir, 'banco-teste', 'bot.yaml'), BOT.replace('  fallback: geral\n', '  fallback: geral\n  mode: cascade\n').replace('language: pt-BR\n', 'language: pt-BR\nmodel: openai:gpt-4o-mini\n'));
    chat = await startFakeLlmServer({ embed, respond: () => ({ json: { intents: ['horario'], general_response: '' } }) });
    c = await startTestServer({ botsDir: cdir, modelFactory: modelBindingFor, env: { OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'test', SWITCHBOARD_LLM_TIMEOUT_MS: '10000' } });
    // Start-up's warm-up embeds the examples before the first message (awaited here: it runs in the background).
    await c.runtime.warmUp(0, 0);
    await c.runtime.bot('banco-teste').warmMeaning?.();
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    await chat?.close();
    rmSync(cdir, { recursive: true, force: true });
  });

  it('meaning joins local understanding before the cascade: a message it routes needs no chat model; a failure answers as before', async () => {
    expect(chat.requests.length).toBeGreaterThan(0);
    expect(chat.requests.every((q) => q.path === '/v1/embeddings')).toBe(true);
    chat.requests.length = 0;
    const sure = await c.chat('banco-teste', { message: NO_SHARED_WORD });
    expect(sure.intents).toEqual(['cartao_perdido']);
    expect(chat.requests.map((q) => q.inputs)).toEqual([[NO_SHARED_WORD]]);

    chat.requests.length = 0;
    chat.enqueue({ status: 500 });
    const local = await c.chat('banco-teste', { message: 'roubaram meu cartão ontem' });
    expect(local.intents).toEqual(['cartao_perdido']);
    expect(chat.requests.map((q) => q.path)).toEqual(['/v1/embeddings']);
  });
});
