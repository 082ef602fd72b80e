import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { botIntentsPolicy } from './bot-intents.ts';

describe('the bot-intents policy', () => {
  it("always decides: the bot's intents, to the specialists its router chooses (each once)", async () => {
    expect(await botIntentsPolicy.decide(input(restaurant(), understood(['reservar'])))).toMatchObject({ policy: 'bot_intents', intents: [{ id: 'reservar' }], routes: ['reservar'], handoff: null });
    const routed = await botIntentsPolicy.decide(input(restaurant(), understood(['reservar', 'charla'], { unsure: true }), { route: async () => ['mesa', 'mesa', 'charla'] }));
    expect(routed).toMatchObject({ routes: ['mesa', 'charla'], unsure: true });
  });
});
