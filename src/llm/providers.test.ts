// The same client, over the Anthropic Messages API, the Gemini API and Ollama's own chat API (through the
// official LangChain integrations), against the fake server's implementations of those protocols.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { ModelClient } from './client.ts';
import { ModelUnavailableError } from './errors.ts';
import { resolveModel } from './registry.ts';
import { createLlmUnderstander } from './understander.ts';
import { ctSmash, now } from './testing/fixtures.ts';
import type { CallTrace } from './trace.ts';

const fake = useFakeLlmServer();

const specs = {
  anthropic: () => resolveModel('anthropic:claude-3-5-haiku-latest', { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.origin })!,
  gemini: () => resolveModel('google-genai:gemini-2.0-flash', { GOOGLE_API_KEY: 'g-test', GOOGLE_GENAI_BASE_URL: fake.origin })!,
  ollama: () => resolveModel('ollama:qwen2.5:7b', { OLLAMA_BASE_URL: fake.origin })!,
};
const clientFor = (name: keyof typeof specs) => new ModelClient(specs[name](), { backoffMs: 5, breaker: new CircuitBreaker() });
const messages = [
  { role: 'system' as const, content: 'Você é o assistente da CT Smash.' },
  { role: 'user' as const, content: 'onde fica a CT?' },
];

describe('Anthropic Messages API', () => {
  it('structured understanding goes through a forced tool_use and is validated', async () => {
    const trace: CallTrace[] = [];
    const understander = createLlmUnderstander({ client: clientFor('anthropic'), bot: ctSmash });
    fake.enqueue({ json: { intents: ['trial'], general_response: '' }, usage: { input: 300, output: 12 } });
    const result = await understander.understand({
      text: '19:00',
      flows: [{ flow: 'trial', intent: 'trial', stage: 'ask_time', description: 'Cliente esta no meio de um agendamento (etapa: ask_time)' }],
      now,
      trace,
    });
    expect(result).toMatchObject({ source: 'llm', intents: [{ id: 'trial' }] });
    const req = fake.requests[0];
    expect(req.protocol).toBe('anthropic');
    expect(req.headers['x-api-key']).toBe('sk-ant-test');
    expect(req.body.model).toBe('claude-3-5-haiku-latest');
    expect(req.body.tool_choice).toEqual({ type: 'tool', name: 'triage' });
    expect(req.body.tools[0].input_schema.properties.intents.items.enum).toEqual(['trial', 'faq', 'general']);
    expect(req.body.system).toContain('- faq (Dúvida sobre a CT)');
    expect(req.body.messages[0].content).toContain('[CONTEXTO: Cliente esta no meio de um agendamento (etapa: ask_time)]');
    expect(trace[0]).toMatchObject({ model: 'anthropic:claude-3-5-haiku-latest', ok: true, inputTokens: 300, outputTokens: 12 });
  });

  it('streams text through message_start / content_block_delta / message_stop events', async () => {
    fake.enqueue({ text: 'Fica na Rua das Palmeiras, 100.', usage: { input: 40, output: 8 } });
    const trace: CallTrace[] = [];
    const deltas: string[] = [];
    const text = await clientFor('anthropic').text(messages, { purpose: 'reply', trace, onDelta: (d) => deltas.push(d) });
    expect(text).toBe('Fica na Rua das Palmeiras, 100.');
    expect(deltas.length).toBeGreaterThan(2);
    expect(fake.requests[0].body.stream).toBe(true);
    expect(trace[0]).toMatchObject({ ok: true, inputTokens: 40, outputTokens: 8 });
  });

  it('retries a 429 and a 500, then answers', async () => {
    fake.enqueue({ status: 429 }, { status: 500 }, { text: 'ok!' });
    expect(await clientFor('anthropic').text(messages, { purpose: 'reply' })).toBe('ok!');
    expect(fake.requests).toHaveLength(3);
  });

  it('repairs an answer that breaks the schema', async () => {
    const schema = z.object({ city: z.string(), open: z.boolean() });
    fake.enqueue({ json: { city: 'Campinas' } }, { json: { city: 'Campinas', open: true } });
    const out = await clientFor('anthropic').structured(schema, messages, { purpose: 'extract' });
    expect(out).toEqual({ city: 'Campinas', open: true });
    expect(fake.requests[1].text).toContain('Your previous answer was invalid');
  });
});

describe('Gemini API', () => {
  it('structured understanding uses responseSchema JSON and is validated', async () => {
    const understander = createLlmUnderstander({ client: clientFor('gemini'), bot: ctSmash });
    fake.enqueue({ json: { intents: ['general'], general_response: 'Oi! Em que posso ajudar?' } });
    const result = await understander.understand({ text: 'oi', flows: [], now });
    expect(result).toMatchObject({ source: 'llm', intents: [{ id: 'general' }], generalResponse: 'Oi! Em que posso ajudar?' });
    const req = fake.requests[0];
    expect(req.protocol).toBe('gemini');
    expect(req.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(req.headers['x-goog-api-key']).toBe('g-test');
    expect(req.body.generationConfig.responseMimeType).toBe('application/json');
    expect(req.body.generationConfig.responseSchema.properties.intents.items.enum).toEqual(['trial', 'faq', 'general']);
    expect(req.body.systemInstruction.parts[0].text).toContain('- trial (Aula experimental)');
  });

  it('streams text over streamGenerateContent?alt=sse', async () => {
    fake.enqueue({ text: 'A CT abre às 7h.', usage: { input: 21, output: 6 } });
    const deltas: string[] = [];
    const trace: CallTrace[] = [];
    const text = await clientFor('gemini').text(messages, { purpose: 'reply', trace, onDelta: (d) => deltas.push(d) });
    expect(text).toBe('A CT abre às 7h.');
    expect(deltas.length).toBeGreaterThan(2);
    expect(fake.requests[0].path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
    expect(trace[0]).toMatchObject({ ok: true, inputTokens: 21, outputTokens: 6 }); // cumulative per chunk, not summed
  });

  it('classifies a Gemini 503 as a server error and retries it', async () => {
    fake.respond = () => ({ status: 503 });
    const err = await clientFor('gemini')
      .text(messages, { purpose: 'reply' })
      .catch((e) => e);
    fake.respond = () => ({ text: 'ok' });
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err).toMatchObject({ reason: 'server_error', status: 503 });
    expect(fake.requests).toHaveLength(3);
  });

  it('function-calling structured output works too', async () => {
    const client = new ModelClient(specs.gemini(), { breaker: new CircuitBreaker(), structuredMethod: 'functionCalling' });
    fake.enqueue({ json: { intents: ['faq'], general_response: '' } });
    const understander = createLlmUnderstander({ client, bot: ctSmash });
    const result = await understander.understand({ text: 'quais os horários?', flows: [], now });
    expect(result.intents[0].id).toBe('faq');
    expect(fake.requests[0].body.toolConfig.functionCallingConfig).toEqual({ mode: 'ANY', allowedFunctionNames: ['triage'] });
  });
});

describe('Ollama chat API (/api/chat, NDJSON)', () => {
  it('structured understanding sends the JSON schema as `format` and validates the answer', async () => {
    const trace: CallTrace[] = [];
    const understander = createLlmUnderstander({ client: clientFor('ollama'), bot: ctSmash });
    fake.enqueue({ json: { intents: ['faq', 'trial'], general_response: '' }, usage: { input: 250, output: 9 } });
    const result = await understander.understand({ text: 'onde fica e quero marcar uma aula', flows: [], now, trace });
    expect(result).toMatchObject({ source: 'llm', intents: [{ id: 'faq' }, { id: 'trial' }] });
    const req = fake.requests[0];
    expect(req.protocol).toBe('ollama');
    expect(req.body.model).toBe('qwen2.5:7b');
    expect(req.body.format.properties.intents.items.enum).toEqual(['trial', 'faq', 'general']);
    expect(req.body.messages[0]).toMatchObject({ role: 'system' });
    expect(req.body.messages[0].content).toContain('- faq (Dúvida sobre a CT)');
    expect(trace[0]).toMatchObject({ model: 'ollama:qwen2.5:7b', ok: true, inputTokens: 250, outputTokens: 9 });
  });

  it('streams text line by line', async () => {
    fake.enqueue({ text: 'A CT fica na Rua das Palmeiras, 100.', usage: { input: 30, output: 10 } });
    const deltas: string[] = [];
    const trace: CallTrace[] = [];
    const text = await clientFor('ollama').text(messages, { purpose: 'reply', trace, onDelta: (d) => deltas.push(d) });
    expect(text).toBe('A CT fica na Rua das Palmeiras, 100.');
    expect(deltas.length).toBeGreaterThan(2);
    expect(fake.requests[0].path).toBe('/api/chat');
    expect(trace[0]).toMatchObject({ ok: true, inputTokens: 30, outputTokens: 10 });
  });

  it('retries a 500 and reports a 404 (model not pulled) without retrying', async () => {
    fake.enqueue({ status: 500 }, { text: 'ok!' });
    expect(await clientFor('ollama').text(messages, { purpose: 'reply' })).toBe('ok!');
    expect(fake.requests).toHaveLength(2);
    fake.requests.length = 0;
    fake.enqueue({ status: 404, errorMessage: 'model "qwen2.5:7b" not found, try pulling it first' });
    const err = await clientFor('ollama')
      .text(messages, { purpose: 'reply' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err).toMatchObject({ reason: 'client_error', status: 404 });
    expect(String(err.message)).toContain('try pulling it first');
    expect(fake.requests).toHaveLength(1);
  });

  it('function-calling structured output answers through a tool call', async () => {
    const client = new ModelClient(specs.ollama(), { breaker: new CircuitBreaker(), structuredMethod: 'functionCalling' });
    fake.enqueue({ json: { intents: ['general'], general_response: 'Oi!' } });
    const result = await createLlmUnderstander({ client, bot: ctSmash }).understand({ text: 'oi', flows: [], now });
    expect(result).toMatchObject({ intents: [{ id: 'general' }], generalResponse: 'Oi!' });
    expect(fake.requests[0].body.tools[0].function.name).toBe('triage');
  });
});
