import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { createCascadeUnderstander, whyUnsure } from './cascade.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { createLlmUnderstander } from './understander.ts';
import { ctSmash, now, openaiClient, TableUnderstander } from './testing/fixtures.ts';

const fake = useFakeLlmServer();
beforeEach(() => {
  fake.respond = () => ({ json: { intents: ['general'], general_response: '' } });
});

const trialFlow = { flow: 'trial', intent: 'trial', stage: 'ask_date', description: 'Cliente esta no meio de um agendamento (etapa: ask_date)' };

const local = () =>
  new TableUnderstander({
    'quero marcar uma aula teste': { intents: [{ id: 'trial', confidence: 0.92 }], scores: [{ id: 'trial', confidence: 0.92 }, { id: 'faq', confidence: 0.1 }] },
    'aula e horário': { intents: [{ id: 'trial', confidence: 0.61 }], scores: [{ id: 'trial', confidence: 0.61 }, { id: 'faq', confidence: 0.58 }] },
    'quero agendar e onde fica?': {
      intents: [{ id: 'trial', confidence: 0.8 }, { id: 'faq', confidence: 0.78 }],
      scores: [{ id: 'trial', confidence: 0.8 }, { id: 'faq', confidence: 0.78 }],
    },
    'pode ser': { intents: [{ id: 'general', confidence: 0.7 }] },
    'hmm': { intents: [{ id: 'general', confidence: 0.3 }] },
    'vai chover amanhã?': { intents: [{ id: 'general', confidence: 0.3 }], skill: { kind: 'out_of_scope', confidence: 0.9 } },
  });

function cascade(options: { breaker?: CircuitBreaker } = {}) {
  const localUnderstander = local();
  const client = openaiClient(fake.url, { breaker: options.breaker ?? new CircuitBreaker() });
  const llm = createLlmUnderstander({ client, bot: ctSmash, local: localUnderstander });
  return { localUnderstander, c: createCascadeUnderstander({ local: localUnderstander, llm, threshold: 0.5, fallback: 'general' }) };
}

describe('createCascadeUnderstander', () => {
  it('keeps a sure local result and never calls the model', async () => {
    const { c } = cascade();
    const result = await c.understand({ text: 'quero marcar uma aula teste', flows: [], now });
    expect(result).toMatchObject({ source: 'local', intents: [{ id: 'trial' }] });
    expect(result.escalation).toBeUndefined();
    expect(c.stats).toEqual({ turns: 1, llmCalls: 0, llmFailures: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('a local multi-intent choice with close scores is not ambiguous', async () => {
    const { c } = cascade();
    const result = await c.understand({ text: 'quero agendar e onde fica?', flows: [], now });
    expect(result.intents.map((i) => i.id)).toEqual(['trial', 'faq']);
    expect(fake.requests).toHaveLength(0);
  });

  it("keeps a local result the skills judged out of scope, however low the bot's own confidence", async () => {
    const { c } = cascade();
    const result = await c.understand({ text: 'vai chover amanhã?', flows: [], now });
    expect(result).toMatchObject({ source: 'local', skill: { kind: 'out_of_scope' } });
    expect(fake.requests).toHaveLength(0);
  });

  it("carries the model's built-in skill (a request for a person) and offers the skills in its schema", async () => {
    const { c } = cascade();
    fake.enqueue({ json: { intents: ['general'], general_response: '', skill: 'human' } });
    const result = await c.understand({ text: 'hmm', flows: [], now });
    expect(result).toMatchObject({ source: 'llm', skill: { kind: 'human' } });
    expect(JSON.stringify(fake.requests[0])).toContain('out_of_scope');
  });

  it('asks the model when the local result is below the threshold', async () => {
    const { c } = cascade();
    fake.enqueue({ json: { intents: ['general'], general_response: 'Oi! Como posso ajudar?' } });
    const result = await c.understand({ text: 'hmm', flows: [], now });
    expect(result).toMatchObject({ source: 'llm', generalResponse: 'Oi! Como posso ajudar?' });
    expect(result.escalation).toMatch(/below 0.5/);
    expect(c.stats.llmCalls).toBe(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('asks the model when two top scores are close and only one was chosen', async () => {
    const { c } = cascade();
    fake.enqueue({ json: { intents: ['trial', 'faq'], general_response: '' } });
    const result = await c.understand({ text: 'aula e horário', flows: [], now });
    expect(result.escalation).toMatch(/ambiguous/);
    expect(result.intents.map((i) => i.id)).toEqual(['trial', 'faq']);
  });

  it('asks the model mid-flow when the local rules fell back, and the model places the answer in the flow', async () => {
    const { c } = cascade();
    fake.enqueue({ json: { intents: ['trial'], general_response: '' } });
    const result = await c.understand({ text: 'pode ser', flows: [trialFlow], now });
    expect(result.escalation).toMatch(/active flow trial/);
    expect(result).toMatchObject({ source: 'llm', intents: [{ id: 'trial' }] });
    expect(fake.requests[0].text).toContain('[CONTEXTO: Cliente esta no meio de um agendamento (etapa: ask_date)]');
  });

  it('asks the model for text the local understander flags unsure', async () => {
    const { c } = cascade();
    fake.enqueue({ json: { intents: ['faq'], general_response: '' } });
    const result = await c.understand({ text: 'qual o valor da mensalidade?', flows: [], now });
    expect(result.escalation).toBe('local result flagged unsure');
    expect(result.source).toBe('llm');
  });

  it('returns the local result when the model fails, and counts the failure', async () => {
    const { c } = cascade();
    fake.respond = () => ({ status: 500 });
    const result = await c.understand({ text: 'hmm', flows: [], now });
    expect(result).toMatchObject({ source: 'local', intents: [{ id: 'general', confidence: 0.3 }] });
    expect(result.note).toMatch(/500/);
    expect(c.stats).toEqual({ turns: 1, llmCalls: 1, llmFailures: 1 });
  });

  it('returns the local result when the model throws', async () => {
    const localUnderstander = local();
    const failing = { understand: async () => Promise.reject(new Error('boom')) };
    const c = createCascadeUnderstander({ local: localUnderstander, llm: failing, threshold: 0.5 });
    const result = await c.understand({ text: 'hmm', flows: [], now });
    expect(result).toMatchObject({ source: 'local', note: 'model not used: boom' });
    expect(c.stats.llmFailures).toBe(1);
  });
});

describe('whyUnsure', () => {
  const base = { entities: [], language: 'pt' as const, source: 'local' as const };
  it('a sure single intent with a distant runner-up is sure', () => {
    const r = { ...base, intents: [{ id: 'faq', confidence: 0.9 }], scores: [{ id: 'faq', confidence: 0.9 }, { id: 'trial', confidence: 0.5 }] };
    expect(whyUnsure(r, { text: 'x', flows: [], now }, 0.5, 0.1, 'general')).toBeNull();
  });
  it('a confident new question mid-flow is sure (the flow does not capture it)', () => {
    const r = { ...base, intents: [{ id: 'faq', confidence: 0.9 }] };
    expect(whyUnsure(r, { text: 'onde fica a CT?', flows: [trialFlow], now }, 0.5, 0.1, 'general')).toBeNull();
  });
});
