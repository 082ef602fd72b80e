import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { outOfScopePolicy } from './out-of-scope.ts';

const oos = (confidence = 0.9) => ({ skill: { kind: 'out_of_scope' as const, confidence } });
const slots = { nome: { kind: 'name', ask: '¿Tu nombre?' } };
const forms = { onboarding: { routing: 'bot', slots, done: 'Listo.' }, pedido: { routing: 'runtime', slots, done: 'Listo.' } };
const intents = {
  charla: { label: 'Charla', examples: ['hola'] },
  reservar: { label: 'Reservar', examples: ['quiero reservar una mesa'] },
  queja: { label: 'Queja', handoff: true, examples: ['quiero poner una queja'] },
  onboarding: { label: 'Registro', examples: ['me quiero registrar'] },
  pedido: { label: 'Pedido', examples: ['quiero pedir'] },
};

describe('the out-of-scope policy', () => {
  it("sends an out-of-scope message to the bot's fallback, never its own routing", async () => {
    expect(await outOfScopePolicy.decide(input(restaurant(), understood(['reservar'], oos())))).toMatchObject({ policy: 'out_of_scope', intents: [{ id: 'charla', confidence: 0.9 }], routes: ['charla'], handoff: null });
  });

  it("answers with the bot's own out-of-scope reply when it has one", async () => {
    const bot = restaurant({ skills: { out_of_scope: { reply: 'Solo hablo de reservas.' } } });
    expect(await outOfScopePolicy.decide(input(bot, understood(['reservar'], oos())))).toMatchObject({ routes: [], reply: 'Solo hablo de reservas.' });
  });

  it("lets the bot's router send it to a form that reads every message (an onboarding first), and no other route", async () => {
    const bot = restaurant({ intents, forms });
    const routedTo = (routes: string[]) => input(bot, understood(['charla'], oos()), { route: async () => routes });
    expect(await outOfScopePolicy.decide(routedTo(['onboarding']))).toMatchObject({ routes: ['onboarding'], intents: [{ id: 'charla' }] });
    expect((await outOfScopePolicy.decide(routedTo(['reservar'])))?.routes).toEqual(['charla']);
    expect((await outOfScopePolicy.decide(routedTo(['pedido'])))?.routes).toEqual(['charla']);
  });

  it('takes nothing while a form waits or a cancel phrase is said, for another skill, or with the skill off', async () => {
    const bot = restaurant();
    expect(await outOfScopePolicy.decide(input(bot, understood(['reservar'], oos()), { waiting: { workflow: false, forms: ['reservar'], cancel: false } }))).toBeNull();
    expect(await outOfScopePolicy.decide(input(bot, understood(['reservar'], oos()), { waiting: { workflow: false, forms: [], cancel: true } }))).toBeNull();
    expect(await outOfScopePolicy.decide(input(bot, understood(['reservar'], { skill: { kind: 'greeting', confidence: 0.9 } })))).toBeNull();
    expect(await outOfScopePolicy.decide(input(restaurant({ skills: { out_of_scope: { enabled: false } } }), understood(['reservar'], oos())))).toBeNull();
  });
});
