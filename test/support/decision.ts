// A small bot and a decision input for the routing policies' tests (src/engine/decide).
import { botConfigSchema } from '../../src/bot/config.ts';
import type { DecisionInput } from '../../src/engine/decide/index.ts';
import type { LoadedBot } from '../../src/engine/registry.ts';
import type { Understanding } from '../../src/nlu/types.ts';
import { createSkillDetector } from '../../src/skills/index.ts';

/** A restaurant (es) with a booking intent, a complaint handoff intent (or the given examples) and a fallback. */
export function restaurant(over: Record<string, unknown> = {}, handoffExamples = ['quiero poner una queja', 'me atendieron pésimo', 'la comida llegó fría', 'me cobraron de más', 'el mesero fue grosero']): LoadedBot {
  const config = botConfigSchema.parse({
    id: 'demo',
    language: 'es-MX',
    understanding: { fallback: 'charla' },
    intents: {
      reservar: { label: 'Reservar', examples: ['quiero reservar una mesa', 'una mesa para dos', 'reservación para el sábado', 'hay lugar para cenar hoy', 'me apartas una mesa'] },
      queja: { label: 'Queja', handoff: true, examples: handoffExamples },
      charla: { label: 'Charla', examples: ['hola', 'gracias'] },
    },
    ...over,
  });
  let detector: ReturnType<typeof createSkillDetector> | undefined;
  const skills = () => (detector ??= createSkillDetector({ language: 'es', domain: { reservar: config.intents.reservar.examples, queja: config.intents.queja.examples } }));
  return { config, intents: config.intents, language: 'es', model: null, skills, definition: { specialists: {} } } as unknown as LoadedBot;
}

export const understood = (ids: string[], over: Partial<Understanding> = {}): Understanding => ({
  intents: ids.map((id) => ({ id, confidence: 0.8 })),
  entities: [],
  language: 'es',
  source: 'local',
  ...over,
});

export const notWaiting = { workflow: false, forms: [], cancel: false };

export function input(bot: LoadedBot, understanding: Understanding, over: Partial<DecisionInput> = {}): DecisionInput {
  return { bot, understanding: Object.freeze(understanding), waiting: notWaiting, modelFailed: false, ...over };
}
