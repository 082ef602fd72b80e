import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { cancelPolicy } from './cancel.ts';

describe('the cancel policy', () => {
  it("gives a message saying a form's cancel phrase to the bot's own reading, whatever a skill made of it", async () => {
    const bot = restaurant();
    const said = input(bot, understood(['charla'], { skill: { kind: 'out_of_scope', confidence: 0.95 } }), {
      waiting: { workflow: false, forms: [], cancel: true },
      // The forms' refinement puts the cancelled form's intent first.
      refine: async () => ({ intents: ['reservar'] }),
    });
    const d = await cancelPolicy.decide(said);
    expect(d).toMatchObject({ policy: 'cancel', intents: [{ id: 'reservar' }], routes: ['reservar'], handoff: null });
    expect(d?.why).toMatch(/cancel phrase; then bot_intents/);
  });

  it('never answers small talk there, and takes nothing without a cancel phrase', async () => {
    const bot = restaurant();
    const greeting = understood(['charla'], { skill: { kind: 'greeting', confidence: 0.99 }, unsure: true });
    expect(await cancelPolicy.decide(input(bot, greeting, { waiting: { workflow: false, forms: [], cancel: true } }))).toMatchObject({ routes: ['charla'] });
    expect(await cancelPolicy.decide(input(bot, greeting))).toBeNull();
  });
});
