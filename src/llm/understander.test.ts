import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { applyIntentRules, createLlmUnderstander } from './understander.ts';
import { ctSmash, now, openaiClient, TableUnderstander } from './testing/fixtures.ts';
import type { CallTrace } from './trace.ts';

const fake = useFakeLlmServer();
beforeEach(() => {
  fake.respond = () => ({ json: { intents: ['general'], general_response: '' } });
});

const trialFlow = {
  flow: 'trial',
  intent: 'trial',
  stage: 'ask_date',
  expects: ['date' as const],
  description: 'Cliente esta no meio de um agendamento de aula experimental (etapa: ask_date)',
};

describe('createLlmUnderstander', () => {
  it('sends the intent catalog and the [CONTEXTO: …] block mid-flow, and uses the answer', async () => {
    const trace: CallTrace[] = [];
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash });
    fake.enqueue({ json: { intents: ['trial'], general_response: '' } });
    const result = await understander.understand({
      text: 'sim',
      flows: [trialFlow],
      history: [
        { role: 'user', content: 'quero marcar uma aula' },
        { role: 'assistant', content: 'Claro! Qual dia fica melhor?' },
      ],
      now,
      trace,
    });

    expect(result).toMatchObject({ intents: [{ id: 'trial' }], source: 'llm', language: 'pt' });
    expect(result.generalResponse).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    const { body } = fake.requests[0];
    const [system, user] = body.messages;
    for (const id of ['trial', 'faq', 'general']) expect(system.content).toContain(`- ${id} (`);
    expect(system.content).toContain('Cliente quer agendar aula experimental');
    expect(system.content).toContain('"quero marcar uma aula teste"');
    expect(system.content).toMatch(/always stand alone.*general/);
    expect(user.content).toBe(
      '[CONTEXTO: Cliente esta no meio de um agendamento de aula experimental (etapa: ask_date)]\n\n' +
        'conversa recente:\ncliente: quero marcar uma aula\nassistente: Claro! Qual dia fica melhor?\n\n' +
        'ultima mensagem do cliente: sim',
    );
    expect(body.response_format.json_schema.schema.properties.intents.items.enum).toEqual(['trial', 'faq', 'general']);
    expect(trace).toEqual([expect.objectContaining({ purpose: 'understand', ok: true })]);
  });

  it('sends no [CONTEXTO] without an active flow, and returns general_response for the fallback intent', async () => {
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash });
    fake.enqueue({ json: { intents: ['general'], general_response: 'Olá! Sou o assistente da CT Smash. Como posso te ajudar?' } });
    const result = await understander.understand({ text: 'oi', flows: [], now });
    expect(result.intents.map((i) => i.id)).toEqual(['general']);
    expect(result.generalResponse).toBe('Olá! Sou o assistente da CT Smash. Como posso te ajudar?');
    expect(fake.requests[0].body.messages[1].content).toBe('ultima mensagem do cliente: oi');
  });

  it('keeps multi-intent answers and drops an exclusive intent that came with others', async () => {
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash });
    fake.enqueue({ json: { intents: ['trial', 'general', 'faq'], general_response: '' } });
    const result = await understander.understand({ text: 'sim, e onde fica?', flows: [trialFlow], now });
    expect(result.intents.map((i) => i.id)).toEqual(['trial', 'faq']);
  });

  it('uses the local entities next to the model intents', async () => {
    const local = new TableUnderstander({
      'amanhã às 19:00': { intents: [{ id: 'general', confidence: 0.3 }], entities: [{ type: 'date', value: '2025-03-11', text: 'amanhã' }] },
    });
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash, local });
    fake.enqueue({ json: { intents: ['trial'], general_response: '' } });
    const result = await understander.understand({ text: 'amanhã às 19:00', flows: [trialFlow], now });
    expect(result.source).toBe('llm');
    expect(result.entities).toEqual([{ type: 'date', value: '2025-03-11', text: 'amanhã' }]);
  });

  it('malformed JSON → one repair attempt → the local result with a note', async () => {
    const local = new TableUnderstander({ 'onde fica?': { intents: [{ id: 'faq', confidence: 0.8 }] } });
    const trace: CallTrace[] = [];
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash, local });
    fake.enqueue({ raw: '{"intents": ["faq"' }, { raw: 'desculpe, não entendi' });
    const result = await understander.understand({ text: 'onde fica?', flows: [], now, trace });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].text).toContain('Your previous answer was invalid');
    expect(result).toMatchObject({ source: 'local', intents: [{ id: 'faq', confidence: 0.8 }] });
    expect(result.note).toMatch(/invalid output/);
    expect(trace.map((t) => t.purpose)).toEqual(['understand', 'understand:repair']);
    expect(trace.every((t) => !t.ok)).toBe(true);
  });

  it('an unknown intent id is a schema violation that gets repaired', async () => {
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash });
    fake.enqueue({ json: { intents: ['cancelamento'], general_response: '' } }, { json: { intents: ['faq'], general_response: '' } });
    const result = await understander.understand({ text: 'posso cancelar?', flows: [], now });
    expect(result.intents.map((i) => i.id)).toEqual(['faq']);
    expect(fake.requests[1].text).toContain('cancelamento');
  });

  it('falls back to the local result when the circuit is open, without HTTP', async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1 });
    await breaker.execute(() => Promise.reject(new Error('down'))).catch(() => {});
    expect(breaker.state).toBe('open');
    const local = new TableUnderstander({ oi: { intents: [{ id: 'general', confidence: 0.95 }] } });
    const understander = createLlmUnderstander({ client: openaiClient(fake.url, { breaker }), bot: ctSmash, local });
    const result = await understander.understand({ text: 'oi', flows: [], now });
    expect(result).toMatchObject({ source: 'local', intents: [{ id: 'general' }] });
    expect(result.note).toMatch(/circuit open/);
    expect(fake.requests).toHaveLength(0);
  });

  it('without a local understander a failure yields the fallback intent, unsure', async () => {
    fake.enqueue({ status: 400 });
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot: ctSmash });
    const result = await understander.understand({ text: 'oi', flows: [], now });
    expect(result).toMatchObject({ source: 'local', unsure: true, intents: [{ id: 'general', confidence: 0 }] });
  });

  it('prompts in the bot language: Spanish wording, [CONTEXTO] kept literally', async () => {
    const bot = { ...ctSmash, language: 'es-AR' as const, intents: [{ id: 'consulta_producto' }, { id: 'otro' }], fallback: 'otro', exclusive: [] };
    const understander = createLlmUnderstander({ client: openaiClient(fake.url), bot });
    fake.enqueue({ json: { intents: ['consulta_producto'], general_response: '' } });
    const result = await understander.understand({
      text: 'y de chocolate?',
      flows: [{ flow: 'compra', intent: 'consulta_producto', stage: 'elegir_sabor' }],
      now,
    });
    expect(result.language).toBe('es');
    expect(fake.requests[0].body.messages[1].content).toBe(
      '[CONTEXTO: flow "compra" (intent consulta_producto) is active, stage: elegir_sabor]\n\nultimo mensaje del cliente: y de chocolate?',
    );
    expect(fake.requests[0].body.messages[0].content).toContain('Rioplatense Spanish');
  });
});

describe('applyIntentRules', () => {
  const rules = { fallback: 'general', exclusive: ['general'], multiIntent: true, intents: ctSmash.intents };
  it('keeps order, drops duplicates and unknown ids', () => {
    expect(applyIntentRules(['faq', 'trial', 'faq', 'x'], rules)).toEqual(['faq', 'trial']);
  });
  it('an empty answer becomes the fallback', () => {
    expect(applyIntentRules([], rules)).toEqual(['general']);
  });
  it('single-label bots keep the best one', () => {
    expect(applyIntentRules(['faq', 'trial'], { ...rules, multiIntent: false })).toEqual(['faq']);
  });
  it('an exclusive intent alone stays', () => {
    expect(applyIntentRules(['general'], rules)).toEqual(['general']);
  });
});
