// Embedding models over their real protocols (the fake provider server speaks OpenAI's, Ollama's and Gemini's):
// vectors as the server made them, a deadline, failures tripping the model's circuit breaker, and a bot's examples
// embedded once (kept in the store: a second start asks the model for the message only).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, loadEmbeddings, saveEmbeddings, type Database } from '../store/index.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { embeddedExamples, MAX_EMBEDDED_TEXTS, textHash, type VectorCache } from './embedded-examples.ts';
import { EmbeddingClient, resolveEmbeddings } from './embeddings.ts';
import { ModelConfigError, ModelTimeoutError, ModelUnavailableError } from './errors.ts';
import { startFakeLlmServer, type FakeLlmServer } from './testing/fake-server.ts';
import type { CallTrace } from './trace.ts';

let fake: FakeLlmServer;
let db: Database;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  db = await openTestDatabase('pglite');
});
afterAll(async () => {
  await fake?.close();
  await db?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const PROVIDERS = [
  { spec: 'openai:text-embedding-3-small', env: () => ({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test' }), paths: /^\/v1\/embeddings$/ },
  { spec: 'ollama:nomic-embed-text', env: () => ({ OLLAMA_BASE_URL: fake.origin }), paths: /^\/api\/embed$/ },
  { spec: 'google-genai:text-embedding-004', env: () => ({ GOOGLE_GENAI_BASE_URL: fake.origin, GOOGLE_API_KEY: 'test' }), paths: /^\/v1beta\/models\/text-embedding-004:(embedContent|batchEmbedContents)$/ },
];

const float32 = (v: number[]) => Float32Array.from(v);

const storeCache = (): VectorCache => ({ load: (m, h) => loadEmbeddings(db, m, h), save: (m, v) => saveEmbeddings(db, m, v) });

for (const p of PROVIDERS) {
  describe(p.spec, () => {
    const client = (opts: { timeoutMs?: number; batchSize?: number; breaker?: CircuitBreaker } = {}) =>
      new EmbeddingClient(resolveEmbeddings(p.spec, p.env()), { breaker: new CircuitBreaker(), ...opts });

    it('embeds a message in one request and many texts in batches, as the server made them', async () => {
      const trace: CallTrace[] = [];
      const c = client({ batchSize: 2 });
      expect(await c.embedQuery('perdi meu cartão', { purpose: 'embed_message', trace })).toEqual(float32(fake.embed('perdi meu cartão')));
      const texts = ['um', 'dois três', 'quatro', 'cinco seis', 'sete'];
      expect(await c.embedDocuments(texts, { purpose: 'embed_examples', trace })).toEqual(texts.map((t) => float32(fake.embed(t))));
      expect(fake.requests.map((r) => r.path.split('?')[0]).every((path) => p.paths.test(path))).toBe(true);
      expect(fake.requests.map((r) => r.inputs)).toEqual([['perdi meu cartão'], ['um', 'dois três'], ['quatro', 'cinco seis'], ['sete']]);
      expect(trace.map((t) => [t.model, t.purpose, t.ok])).toEqual([[p.spec, 'embed_message', true], ...Array(3).fill([p.spec, 'embed_examples', true])]);
    });

    it('gives up at its deadline', async () => {
      fake.enqueue({ delayMs: 60_000 });
      const trace: CallTrace[] = [];
      await expect(client({ timeoutMs: 150 }).embedQuery('alguém aí?', { purpose: 'embed_message', trace })).rejects.toBeInstanceOf(ModelTimeoutError);
      expect(trace).toMatchObject([{ ok: false, error: expect.stringMatching(/did not answer within 150 ms/) }]);
      // On a loaded machine the server (in this process) may read the abandoned request only now: let it take its
      // scripted delay here, not the next test's replies.
      await vi.waitFor(() => expect(fake.pending).toBe(0), { timeout: 30_000 });
    });

    it('fails on a server error, and an open circuit fails fast without a request', async () => {
      fake.enqueue({ status: 500 }, { status: 503 });
      const c = client({ breaker: new CircuitBreaker({ failureThreshold: 2 }) });
      for (let i = 0; i < 2; i++) await expect(c.embedQuery('oi', { purpose: 'embed_message' })).rejects.toMatchObject({ name: 'ModelUnavailableError', reason: 'server_error' });
      expect(fake.requests).toHaveLength(2);
      await expect(c.embedQuery('oi', { purpose: 'embed_message' })).rejects.toMatchObject({ reason: 'circuit_open' });
      expect(fake.requests).toHaveLength(2);
    });

    it("embeds a bot's examples once: a second start reads them from the store and asks for the message only", async () => {
      const examples = [
        { text: `quero cancelar meu pedido (${p.spec})`, label: 'cancelar' },
        { text: `onde fica a loja (${p.spec})`, label: 'endereco' },
        { text: `qual o endereço de vocês (${p.spec})`, label: 'endereco' },
      ];
      const first = embeddedExamples({ client: client(), examples, cache: storeCache() });
      const trace: CallTrace[] = [];
      expect((await first.space(trace)).size).toBe(3);
      expect(trace.map((t) => t.purpose)).toEqual(['embed_examples']);
      expect((await loadEmbeddings(db, p.spec, examples.map((e) => textHash(e.text)))).size).toBe(3);

      fake.requests.length = 0;
      const again = embeddedExamples({ client: client(), examples, cache: storeCache() });
      const space = await again.space();
      const reading = space.read(await again.embed(`onde fica a loja (${p.spec})`));
      expect(reading.labels[0]).toMatchObject({ label: 'endereco', similarity: expect.closeTo(1, 5) });
      expect(fake.requests.map((r) => r.inputs)).toEqual([[`onde fica a loja (${p.spec})`]]);
    });
  });
}

describe('embedding specs', () => {
  it('says what is wrong with a spec, and what a provider needs', () => {
    expect(() => resolveEmbeddings('anthropic:claude', {})).toThrow(/Anthropic has no embedding model/);
    expect(() => resolveEmbeddings('text-embedding-3-small', {})).toThrow(ModelConfigError);
    expect(() => resolveEmbeddings('cohere:embed', {})).toThrow(/unknown embedding provider "cohere"/);
    expect(() => resolveEmbeddings('openai:text-embedding-3-small', {})).toThrow(/OPENAI_API_KEY/);
    expect(resolveEmbeddings('ollama:bge-m3', {})).toMatchObject({ spec: 'ollama:bge-m3', provider: 'ollama', baseUrl: 'http://127.0.0.1:11434' });
  });

  it(`embeds at most ${MAX_EMBEDDED_TEXTS} texts of a bot, each label keeping its share, in batches`, async () => {
    const c = new EmbeddingClient(resolveEmbeddings('ollama:nomic-embed-text', { OLLAMA_BASE_URL: fake.origin }), { breaker: new CircuitBreaker(), batchSize: 250 });
    const examples = Array.from({ length: 3000 }, (_, i) => ({ text: `linha ${i}`, label: i < 300 ? 'small' : 'large' }));
    const space = await embeddedExamples({ client: c, examples }).space();
    expect(space.size).toBe(MAX_EMBEDDED_TEXTS);
    expect(fake.requests.map((r) => r.inputs!.length)).toEqual(Array(MAX_EMBEDDED_TEXTS / 250).fill(250));
    expect(fake.requests.flatMap((r) => r.inputs).filter((t) => Number(t!.split(' ')[1]) < 300)).toHaveLength(200);
  });

  it('a failed example batch leaves the space unbuilt, and a later message builds it', async () => {
    const c = new EmbeddingClient(resolveEmbeddings('ollama:nomic-embed-text', { OLLAMA_BASE_URL: fake.origin }), { breaker: new CircuitBreaker() });
    const source = embeddedExamples({ client: c, examples: [{ text: 'uma frase nova de exemplo', label: 'a' }] });
    fake.enqueue({ hangUp: true });
    await expect(source.space()).rejects.toBeInstanceOf(ModelUnavailableError);
    expect((await source.space()).size).toBe(1);
  });
});
