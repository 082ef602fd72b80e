import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { ownHandoffPolicy } from './own-handoff.ts';

describe('the own-handoff policy', () => {
  it("hands the message over when the bot's reading is one of its handoff intents, the intent's label the reason", async () => {
    expect(await ownHandoffPolicy.decide(input(restaurant(), understood(['queja'])))).toMatchObject({ policy: 'own_handoff', routes: [], handoff: { reason: 'Queja', intent: 'queja' } });
  });

  it('reads the handoff intent after the refinement, and not one the skills doubt', async () => {
    expect(await ownHandoffPolicy.decide(input(restaurant(), understood(['reservar']), { refine: async () => ({ intents: ['queja'] }) }))).toMatchObject({ handoff: { intent: 'queja' } });
    expect(await ownHandoffPolicy.decide(input(restaurant(), understood(['queja'], { skill: { kind: 'bot_question', confidence: 0.8 } })))).toBeNull();
  });

  it('hands over when the model failed and the bot prefers a person to a local guess, and not otherwise', async () => {
    const prefersPerson = restaurant({ understanding: { fallback: 'charla', onModelFailure: 'handoff' } });
    expect(await ownHandoffPolicy.decide(input(prefersPerson, understood(['reservar']), { modelFailed: true }))).toMatchObject({ handoff: { reason: 'model unavailable' } });
    expect(await ownHandoffPolicy.decide(input(prefersPerson, understood(['reservar'])))).toBeNull();
    expect(await ownHandoffPolicy.decide(input(restaurant(), understood(['reservar']), { modelFailed: true }))).toBeNull();
  });
});
