import { describe, expect, it } from 'vitest';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { botConfigSchema } from '../bot/config.ts';
import { modelBindingFor, type ModelCallRecord } from './binding.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { now, TableUnderstander } from './testing/fixtures.ts';

const fake = useFakeLlmServer();

const config = (mode: 'local' | 'llm' | 'cascade', model = 'local') =>
  botConfigSchema.parse({
    id: 'ct-smash',
    language: 'pt-BR',
    persona: 'Você é o assistente da CT Smash.',
    model,
    understanding: { mode, threshold: 0.55, fallback: 'general', exclusive: ['general'] },
    intents: {
      trial: { label: 'Aula experimental', description: 'Cliente quer agendar aula experimental', examples: ['quero marcar uma aula teste'] },
      faq: { label: 'Dúvida sobre a CT', examples: ['onde fica a CT?'] },
      general: { label: 'Conversa geral', examples: ['oi'] },
    },
  });

const env = () => ({ OPENAI_BASE_URL: fake.url });
const opts = () => ({ breaker: new CircuitBreaker(), backoffMs: 1 });

describe('modelBindingFor', () => {
  it('is null for a local bot, and SWITCHBOARD_MODEL turns the model on', () => {
    expect(modelBindingFor(config('local'), {})).toBeNull();
    expect(modelBindingFor(config('llm', 'openai:gpt-4o-mini'), { SWITCHBOARD_MODEL: 'local' })).toBeNull();
    expect(modelBindingFor(config('llm'), { ...env(), SWITCHBOARD_MODEL: 'openai:gpt-4o-mini' })!.spec).toBe('openai:gpt-4o-mini');
  });

  it('llm mode: every turn asks the model, and the calls land in the turn record', async () => {
    const cfg = config('llm', 'openai:gpt-4o-mini');
    const binding = modelBindingFor(cfg, env(), opts())!;
    const calls: ModelCallRecord[] = [];
    const understander = binding.understander(new TableUnderstander({ oi: { intents: [{ id: 'general', confidence: 0.99 }] } }), cfg, cfg.intents);
    fake.enqueue({ json: { intents: ['general'], general_response: 'Olá! Como posso ajudar?' } });
    const result = await understander.understand({ text: 'oi', flows: [], now, trace: calls });
    expect(result).toMatchObject({ source: 'llm', generalResponse: 'Olá! Como posso ajudar?' });
    expect(fake.requests[0].body.messages[0].content).toContain('- trial (Aula experimental): Cliente quer agendar aula experimental');
    expect(calls).toEqual([expect.objectContaining({ model: 'openai:gpt-4o-mini', purpose: 'understand', ok: true })]);
  });

  it('cascade mode: a sure local result costs no call', async () => {
    const cfg = config('cascade', 'openai:gpt-4o-mini');
    const binding = modelBindingFor(cfg, env(), opts())!;
    const calls: ModelCallRecord[] = [];
    const understander = binding.understander(new TableUnderstander({ oi: { intents: [{ id: 'general', confidence: 0.99 }] } }), cfg, cfg.intents);
    expect((await understander.understand({ text: 'oi', flows: [], now, trace: calls })).source).toBe('local');
    expect(fake.requests).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('the turn model generates (streaming) and plans JSON, recording each call', async () => {
    const binding = modelBindingFor(config('llm', 'openai:gpt-4o-mini'), env(), opts())!;
    const calls: ModelCallRecord[] = [];
    const model = binding.forTurn(calls);
    fake.enqueue({ text: 'A CT fica em Campinas.' }, { text: '{"actions": [{"intent": "faq", "slots": []}]}' });
    const deltas: string[] = [];
    expect(await model.generate({ system: 'persona', user: 'onde fica?', purpose: 'grounded_reply', onDelta: (d) => deltas.push(d) })).toBe('A CT fica em Campinas.');
    expect(deltas.join('')).toBe('A CT fica em Campinas.');
    expect(await model.json({ system: 'planner', user: 'x', purpose: 'plan' })).toEqual({ actions: [{ intent: 'faq', slots: [] }] });
    expect(calls.map((c) => [c.purpose, c.ok])).toEqual([
      ['grounded_reply', true],
      ['plan', true],
    ]);
  });

  it('a missing key is a loud configuration error', () => {
    expect(() => modelBindingFor(config('llm', 'anthropic:claude-3-5-haiku-latest'), {})).toThrow(/ANTHROPIC_API_KEY/);
  });
});
