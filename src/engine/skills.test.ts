import { describe, expect, it } from 'vitest';
import { botConfigSchema } from '../bot/config.ts';
import { createSkillDetector } from '../skills/index.ts';
import type { Understanding } from '../nlu/types.ts';
import type { LoadedBot } from './registry.ts';
import { dropDoubtedHandoffs, formTakesOutOfScope, skillOutcome } from './skills.ts';

// A restaurant whose one handoff intent is a complaint, and a clinic whose handoff intent asks for a person.
function bot(handoffExamples: string[]): LoadedBot {
  const config = botConfigSchema.parse({
    id: 'demo',
    language: 'es-MX',
    understanding: { fallback: 'charla' },
    intents: {
      reservar: { label: 'Reservar', examples: ['quiero reservar una mesa', 'una mesa para dos', 'reservación para el sábado', 'hay lugar para cenar hoy', 'me apartas una mesa'] },
      queja: { label: 'Queja', handoff: true, examples: handoffExamples },
      charla: { label: 'Charla', examples: ['hola', 'gracias'] },
    },
  });
  const domain = { reservar: config.intents.reservar.examples, queja: config.intents.queja.examples };
  const detector = createSkillDetector({ language: 'es', domain });
  return { config, intents: config.intents, language: 'es', skills: () => detector } as unknown as LoadedBot;
}
const complaints = bot(['quiero poner una queja', 'me atendieron pésimo', 'la comida llegó fría', 'me cobraron de más', 'el mesero fue grosero']);
const persons = bot(['quiero hablar con una persona', 'pásame con alguien', 'necesito hablar con un humano', 'me comunicas con un asesor']);

const understood = (ids: string[], skill?: Understanding['skill'], aside?: Understanding['skillAside']): Understanding => ({
  intents: ids.map((id) => ({ id, confidence: 0.8 })),
  entities: [],
  language: 'es',
  source: 'local',
  ...(skill ? { skill } : {}),
  ...(aside ? { skillAside: aside } : {}),
});
const waiting = { workflow: false, forms: [], cancel: false };

describe('handoff intents and the built-in skills', () => {
  it('follows no handoff intent the skills read as small talk or, while a form waits, as out of scope', () => {
    const robot = understood(['queja'], { kind: 'bot_question', confidence: 0.83 });
    dropDoubtedHandoffs(complaints, robot);
    expect(robot.intents.map((i) => i.id)).toEqual(['charla']);
    expect(robot.unsure).toBe(true);
    const football = understood(['queja', 'reservar'], undefined, { kind: 'out_of_scope', confidence: 0.97, question: true });
    dropDoubtedHandoffs(complaints, football);
    expect(football.intents.map((i) => i.id)).toEqual(['reservar']);
    // A digression to another of the bot's intents keeps its reading (the skills misread some of the bot's questions).
    const question = understood(['pregunta'], undefined, { kind: 'out_of_scope', confidence: 0.9, question: true });
    dropDoubtedHandoffs(complaints, question);
    expect(question.intents.map((i) => i.id)).toEqual(['pregunta']);
    // Nothing read otherwise, or a model's reading: the handoff stands.
    const plain = understood(['queja']);
    dropDoubtedHandoffs(complaints, plain);
    expect(plain.intents.map((i) => i.id)).toEqual(['queja']);
    const model = { ...understood(['queja'], { kind: 'greeting', confidence: 0.9 }), source: 'llm' as const };
    dropDoubtedHandoffs(complaints, model);
    expect(model.intents.map((i) => i.id)).toEqual(['queja']);
  });

  it("gives a bare request for a person to the human skill unless the bot's handoff intent asks for a person or the request names the bot's things", () => {
    const bare = understood(['queja'], { kind: 'human', confidence: 0.99 });
    expect(skillOutcome(complaints, bare, waiting)?.handoff).toMatchObject({ reason: expect.stringMatching(/persona/) });
    expect(bare.intents.map((i) => i.id)).toEqual(['human']);
    expect(skillOutcome(persons, understood(['queja'], { kind: 'human', confidence: 0.99 }), waiting)).toBeNull();
    expect(skillOutcome(complaints, understood(['queja'], { kind: 'human', confidence: 0.9, mentionsBot: true }), waiting)).toBeNull();
  });
});

describe('out of scope and a bot-routed form', () => {
  const config = botConfigSchema.parse({
    id: 'onboarded',
    language: 'pt-BR',
    understanding: { fallback: 'conversa' },
    intents: { conversa: { label: 'Conversa', examples: ['oi'] }, busca: { label: 'Busca', examples: ['quero procurar um curso'] } },
  });
  const withForms = (forms: Record<string, { routing: string }>) => ({ config: { ...config, forms }, intents: config.intents }) as unknown as LoadedBot;
  const outOfScope = () => understood(['conversa'], { kind: 'out_of_scope', confidence: 0.9 });
  const outcome = { routes: ['conversa'], handoff: null };

  it("lets the bot's router send an out-of-scope message to a form that reads every message (an onboarding first)", async () => {
    const bot = withForms({ onboarding: { routing: 'bot' } });
    expect(await formTakesOutOfScope(bot, outOfScope(), outcome, () => ['onboarding'])).toEqual(['onboarding']);
  });

  it('keeps the fallback otherwise: no router, a route that is no bot-routed form, a fixed reply, another skill', async () => {
    const bot = withForms({ onboarding: { routing: 'bot' }, pedido: { routing: 'runtime' } });
    expect(await formTakesOutOfScope(bot, outOfScope(), outcome, undefined)).toBeNull();
    expect(await formTakesOutOfScope(bot, outOfScope(), outcome, () => ['busca'])).toBeNull();
    expect(await formTakesOutOfScope(bot, outOfScope(), outcome, () => ['pedido'])).toBeNull();
    expect(await formTakesOutOfScope(bot, { ...outOfScope(), reply: 'Só falo de cursos.' }, outcome, () => ['onboarding'])).toBeNull();
    expect(await formTakesOutOfScope(bot, understood(['conversa'], { kind: 'greeting', confidence: 0.9 }), outcome, () => ['onboarding'])).toBeNull();
  });
});
