// Test helpers for src/llm: a keyword understander standing in for the local classifier (its
// scores are scripted per test), the CT Smash bot profile, and a client wired to a fake server.
import type { Understander, UnderstandInput, Understanding } from '../../nlu/types.ts';
import { CircuitBreaker } from '../circuit-breaker.ts';
import { ModelClient, type ModelClientOptions } from '../client.ts';
import { resolveModel } from '../registry.ts';
import type { LlmBotProfile } from '../understander.ts';

export const ctSmash: LlmBotProfile = {
  language: 'pt-BR',
  persona: 'Você é o assistente da CT Smash, um centro de treinamento de tênis.',
  fallback: 'general',
  exclusive: ['general'],
  multiIntent: true,
  intents: [
    { id: 'trial', label: 'Aula experimental', description: 'Cliente quer agendar aula experimental', examples: ['quero marcar uma aula teste', 'dá pra fazer uma aula grátis?'] },
    { id: 'faq', label: 'Dúvida sobre a CT', description: 'Cliente tem dúvida sobre a CT', examples: ['onde fica a CT?', 'quais os horários?'] },
    { id: 'general', label: 'Conversa geral', description: 'Saudações, agradecimentos, fora de contexto', examples: ['oi', 'obrigado', 'tchau'] },
  ],
};

/** Answers from a table of text → understanding; anything else is the fallback, unsure. */
export class TableUnderstander implements Understander {
  calls = 0;
  constructor(private readonly table: Record<string, Partial<Understanding>>) {}
  async understand(input: UnderstandInput): Promise<Understanding> {
    this.calls++;
    const row = this.table[input.text];
    return {
      intents: [{ id: 'general', confidence: 0.2 }],
      entities: [],
      language: 'pt',
      source: 'local',
      ...(row ?? { unsure: true }),
    };
  }
}

export function openaiClient(url: string, options: ModelClientOptions = {}): ModelClient {
  const handle = resolveModel('openai:gpt-4o-mini', { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: url })!;
  return new ModelClient(handle, { backoffMs: 5, breaker: new CircuitBreaker(), ...options });
}

export const now = new Date('2025-03-10T12:00:00-03:00');
