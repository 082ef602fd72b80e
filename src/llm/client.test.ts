import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { startFakeLlmServer, useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { MAX_MODEL_TEXT_CHARS, ModelClient } from './client.ts';
import { InvalidModelOutputError, ModelTimeoutError, ModelUnavailableError } from './errors.ts';
import { resolveModel } from './registry.ts';
import { openaiClient } from './testing/fixtures.ts';
import type { CallTrace } from './trace.ts';

const fake = useFakeLlmServer();
beforeEach(() => {
  fake.respond = () => ({ text: 'ok' });
});

const messages = [
  { role: 'system' as const, content: 'Você classifica mensagens.' },
  { role: 'user' as const, content: 'quero marcar uma aula' },
];
const answerSchema = z.object({ intents: z.array(z.enum(['trial', 'faq'])), reason: z.string() });

describe('ModelClient.structured', () => {
  it('sends a JSON schema and returns the validated answer with usage in the trace', async () => {
    const trace: CallTrace[] = [];
    fake.enqueue({ json: { intents: ['trial'], reason: 'agendar' }, usage: { input: 120, output: 9 } });
    const out = await openaiClient(fake.url).structured(answerSchema, messages, { purpose: 'test', trace });
    expect(out).toEqual({ intents: ['trial'], reason: 'agendar' });
    const body = fake.requests[0].body;
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.properties.intents.items.enum).toEqual(['trial', 'faq']);
    expect(body.messages.map((m: any) => m.role)).toEqual(['system', 'user']);
    expect(trace).toEqual([expect.objectContaining({ model: 'openai:gpt-4o-mini', purpose: 'test', ok: true, inputTokens: 120, outputTokens: 9, attempt: 1 })]);
  });

  it('repairs malformed JSON once, sending the error back', async () => {
    const trace: CallTrace[] = [];
    fake.enqueue({ raw: 'claro! {"intents": ["trial"' }, { json: { intents: ['faq'], reason: 'duvida' } });
    const out = await openaiClient(fake.url).structured(answerSchema, messages, { purpose: 'test', trace });
    expect(out.intents).toEqual(['faq']);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1].body.messages.at(-1);
    expect(repair.role).toBe('user');
    expect(repair.content).toMatch(/invalid.*not valid JSON/s);
    expect(trace.map((t) => [t.purpose, t.ok])).toEqual([
      ['test', false],
      ['test:repair', true],
    ]);
  });

  it('repairs a schema violation with the zod message, then gives up with InvalidModelOutputError', async () => {
    fake.enqueue({ json: { intents: ['cancel'], reason: 'x' } }, { json: { intents: ['trial'] } });
    const err = await openaiClient(fake.url)
      .structured(answerSchema, messages, { purpose: 'test' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(InvalidModelOutputError);
    expect(fake.requests).toHaveLength(2);
    const [assistantEcho, repair] = fake.requests[1].body.messages.slice(-2);
    expect(assistantEcho).toMatchObject({ role: 'assistant', content: '{"intents":["cancel"],"reason":"x"}' });
    expect(repair.content).toContain('intents');
    expect(err.raw).toBe('{"intents":["trial"]}');
  });

  it('works through function calling too, repairing malformed tool arguments', async () => {
    const client = openaiClient(fake.url, { structuredMethod: 'functionCalling' });
    fake.enqueue({ raw: '{"intents": [trial]}' }, { json: { intents: ['trial'], reason: 'ok' } });
    const out = await client.structured(answerSchema, messages, { purpose: 'plan', name: 'classify' });
    expect(out).toEqual({ intents: ['trial'], reason: 'ok' });
    expect(fake.requests[0].body.tool_choice).toEqual({ type: 'function', function: { name: 'classify' } });
    expect(fake.requests[1].body.messages.at(-2)).toMatchObject({ role: 'assistant', content: '{"intents": [trial]}' });
  });
});

describe('ModelClient.text', () => {
  it('streams deltas through onDelta and returns the whole text', async () => {
    const trace: CallTrace[] = [];
    const deltas: string[] = [];
    fake.enqueue({ text: 'A CT fica na Rua das Palmeiras, 100.', usage: { input: 50, output: 11 } });
    const text = await openaiClient(fake.url).text(messages, { purpose: 'reply', trace, onDelta: (d) => deltas.push(d) });
    expect(text).toBe('A CT fica na Rua das Palmeiras, 100.');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(text);
    expect(fake.requests[0].body.stream).toBe(true);
    expect(trace[0]).toMatchObject({ ok: true, inputTokens: 50, outputTokens: 11 });
  });

  it('answers without streaming when no onDelta is given', async () => {
    fake.enqueue({ text: 'Olá!' });
    expect(await openaiClient(fake.url).text(messages, { purpose: 'reply' })).toBe('Olá!');
    expect(fake.requests[0].body.stream).toBe(false);
  });

  // A provider (or a proxy in front of it) that answers 200 with a body that does not parse: the caller gets the
  // failure it falls back on, never an error of the client's own making.
  it('reports an answer that does not parse as InvalidModelOutputError, streamed or not', async () => {
    fake.enqueue({ body: '{"choices":[{"message":{"content":null}}]' });
    const plain = await openaiClient(fake.url, { retries: 0 }).text(messages, { purpose: 'reply' }).catch((e) => e);
    expect(plain).toBeInstanceOf(InvalidModelOutputError);
    fake.enqueue({ body: 'data: {not json\n\ndata: [DONE]\n\n' });
    const streamed = await openaiClient(fake.url, { retries: 0 }).text(messages, { purpose: 'reply', onDelta: () => {} }).catch((e) => e);
    expect(streamed).toBeInstanceOf(InvalidModelOutputError);
  });

  // A model that runs on (a repetition loop, a hostile endpoint) writes no reply longer than MAX_MODEL_TEXT_CHARS:
  // the reply is stored, rendered and sent to channels, so its size is the runtime's to bound.
  it('keeps at most MAX_MODEL_TEXT_CHARS of a reply, streamed or not, and the deltas join to what it returns', async () => {
    const endless = 'Olá! Tudo bem? '.repeat(20_000);
    fake.enqueue({ text: endless });
    const plain = await openaiClient(fake.url).text(messages, { purpose: 'reply' });
    expect(plain.length).toBe(MAX_MODEL_TEXT_CHARS);
    expect(endless.startsWith(plain)).toBe(true);
    const deltas: string[] = [];
    fake.enqueue({ text: endless, chunks: endless.match(/.{1,500}/gs)! });
    const streamed = await openaiClient(fake.url).text(messages, { purpose: 'reply', onDelta: (d) => deltas.push(d) });
    expect(streamed).toBe(plain);
    expect(deltas.join('')).toBe(streamed);
  });

  it('never cuts a reply inside a surrogate pair', async () => {
    fake.enqueue({ text: '😀'.repeat(MAX_MODEL_TEXT_CHARS) });
    const text = await openaiClient(fake.url).text(messages, { purpose: 'reply' });
    expect(text.length).toBe(MAX_MODEL_TEXT_CHARS);
    expect(text).toBe('😀'.repeat(MAX_MODEL_TEXT_CHARS / 2));
    fake.enqueue({ text: 'a' + '😀'.repeat(MAX_MODEL_TEXT_CHARS) });
    expect((await openaiClient(fake.url).text(messages, { purpose: 'reply' })).length).toBe(MAX_MODEL_TEXT_CHARS - 1);
  });
});

describe('ModelClient.json', () => {
  it('parses JSON wrapped in prose and fences, with trailing commas', async () => {
    fake.enqueue({ text: 'Plano:\n```json\n{"actions": [{"intent": "lead_criar", "slots": ["{\\"nome\\": \\"Lennon\\"}"]},]}\n```' });
    const plan = await openaiClient(fake.url).json(messages, { purpose: 'plan' });
    expect(plan).toEqual({ actions: [{ intent: 'lead_criar', slots: ['{"nome": "Lennon"}'] }] });
  });

  it('validates with a schema and repairs once', async () => {
    const schema = z.object({ actions: z.array(z.object({ intent: z.string() })) });
    fake.enqueue({ text: 'não sei' }, { text: '{"actions": [{"intent": "nota_adicionar"}]}' });
    const plan = await openaiClient(fake.url).json(messages, { purpose: 'plan', schema });
    expect(plan.actions[0].intent).toBe('nota_adicionar');
    expect(fake.requests).toHaveLength(2);
  });
});

describe('failures', () => {
  it('times out a slow model with ModelTimeoutError and does not retry by default', async () => {
    const trace: CallTrace[] = [];
    fake.enqueue({ delayMs: 30_000 });
    // 2 s: long enough for the fake, in this process, to record the request on a loaded machine before the client
    // gives up on it; far shorter than the 30 s the fake would take.
    const err = await openaiClient(fake.url, { timeoutMs: 2_000 })
      .text(messages, { purpose: 'reply', trace })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ModelTimeoutError);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(fake.requests).toHaveLength(1);
    expect(trace[0]).toMatchObject({ ok: false, error: expect.stringContaining('2000 ms') });
  });

  it('times out a stream that stalls', async () => {
    fake.enqueue({ delayMs: 30_000 });
    // 2 s: long enough for the fake, in this process, to record the request on a loaded machine before the client
    // gives up on it; far shorter than the 30 s the fake would take.
    const err = await openaiClient(fake.url, { timeoutMs: 2_000 })
      .text(messages, { purpose: 'reply', onDelta: () => {} })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ModelTimeoutError);
  });

  it('retries a 429 with backoff and then succeeds', async () => {
    const trace: CallTrace[] = [];
    fake.enqueue({ status: 429 }, { text: 'deu certo' });
    const text = await openaiClient(fake.url).text(messages, { purpose: 'reply', trace });
    expect(text).toBe('deu certo');
    expect(fake.requests).toHaveLength(2);
    expect(trace.map((t) => [t.attempt, t.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('retries a dropped connection', async () => {
    fake.enqueue({ hangUp: true }, { text: 'voltei' });
    expect(await openaiClient(fake.url).text(messages, { purpose: 'reply' })).toBe('voltei');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    fake.enqueue({ status: 400 });
    const err = await openaiClient(fake.url)
      .text(messages, { purpose: 'reply' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.reason).toBe('client_error');
    expect(err.status).toBe(400);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after 2 retries of 500', async () => {
    fake.respond = () => ({ status: 500 });
    const err = await openaiClient(fake.url)
      .text(messages, { purpose: 'reply' })
      .catch((e) => e);
    expect(err).toMatchObject({ reason: 'server_error', status: 500 });
    expect(fake.requests).toHaveLength(3);
  });

  it('opens the circuit after 5 consecutive failures, fails fast without HTTP, and half-opens after 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the breaker's clock; timers stay real for the HTTP
    onTestFinished(() => void vi.useRealTimers());
    const breaker = new CircuitBreaker();
    const client = openaiClient(fake.url, { breaker });
    fake.respond = () => ({ status: 500 });

    await expect(client.text(messages, { purpose: 'a' })).rejects.toMatchObject({ reason: 'server_error' }); // 3 requests
    await expect(client.text(messages, { purpose: 'b' })).rejects.toMatchObject({ reason: 'circuit_open' }); // 2 more, then open
    expect(fake.requests).toHaveLength(5);
    expect(breaker.state).toBe('open');

    const trace: CallTrace[] = [];
    const err = await client.text(messages, { purpose: 'c', trace }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.reason).toBe('circuit_open');
    expect(fake.requests).toHaveLength(5); // no HTTP at all
    expect(trace).toEqual([expect.objectContaining({ ok: false, error: 'circuit open' })]);

    vi.setSystemTime(Date.now() + 29_000);
    expect(breaker.state).toBe('open');
    vi.setSystemTime(Date.now() + 1_000);
    expect(breaker.state).toBe('half_open');
    fake.respond = () => ({ text: 'de volta' });
    expect(await client.text(messages, { purpose: 'd' })).toBe('de volta');
    expect(breaker.state).toBe('closed');
    expect(fake.requests).toHaveLength(6);
  });

  it('a failed half-open trial opens the circuit again at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const breaker = new CircuitBreaker({ failureThreshold: 1, resetAfterMs: 1000 });
    const client = openaiClient(fake.url, { breaker });
    fake.respond = () => ({ status: 503 });
    await expect(client.text(messages, { purpose: 'a' })).rejects.toBeInstanceOf(ModelUnavailableError);
    expect(fake.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1000);
    await expect(client.text(messages, { purpose: 'b' })).rejects.toMatchObject({ reason: 'circuit_open' });
    expect(fake.requests).toHaveLength(2);
    expect(breaker.state).toBe('open');
  });

  it('reports an unreachable server as a network failure', async () => {
    const closed = await startFakeLlmServer();
    const url = closed.url;
    await closed.close();
    const handle = resolveModel('openai:gpt-4o-mini', { OPENAI_BASE_URL: url })!;
    const client = new ModelClient(handle, { backoffMs: 1, breaker: new CircuitBreaker() });
    await expect(client.text(messages, { purpose: 'x' })).rejects.toMatchObject({ reason: 'network' });
  });

  it('stops when the caller aborts, without counting it against the model', async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1 });
    const controller = new AbortController();
    fake.enqueue({ delayMs: 30_000 });
    setTimeout(() => controller.abort(), 50);
    const err = await openaiClient(fake.url, { breaker })
      .text(messages, { purpose: 'x', signal: controller.signal })
      .catch((e) => e);
    expect(err).toMatchObject({ reason: 'aborted' });
    expect(breaker.state).toBe('closed');
  });
});
