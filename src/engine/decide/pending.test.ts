import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { pendingPolicy } from './pending.ts';

const formWaits = { workflow: false, forms: ['reservar'], cancel: false };
const workflowWaits = { workflow: true, forms: [], cancel: false };
const greeting = { skill: { kind: 'greeting' as const, confidence: 0.95 } };

describe('the pending policy', () => {
  it('answers small talk aside while a form waits, and the form asks its question again', async () => {
    const bot = restaurant({ replies: { greeting_short: '¡Hola!' } });
    const d = await pendingPolicy.decide(input(bot, understood(['charla'], greeting), { waiting: formWaits }));
    expect(d).toMatchObject({ policy: 'pending', lead: '¡Hola!', routes: ['reservar'], intents: [{ id: 'charla', confidence: 0.95 }], handoff: null });
  });

  it("lets a workflow's own routing go on after the small-talk line", async () => {
    const bot = restaurant({ replies: { greeting_short: '¡Hola!' } });
    const d = await pendingPolicy.decide(input(bot, understood(['reservar'], greeting), { waiting: workflowWaits }));
    expect(d).toMatchObject({ policy: 'pending', lead: '¡Hola!', routes: ['reservar'] });
  });

  it("leaves the message to the bot's reading (the form's answer) otherwise: out of scope, nothing read, small talk mapped to an intent", async () => {
    const bot = restaurant();
    const oos = await pendingPolicy.decide(input(bot, understood(['reservar'], { skill: { kind: 'out_of_scope', confidence: 0.99 } }), { waiting: formWaits, route: async () => ['reservar'] }));
    expect(oos).toMatchObject({ routes: ['reservar'], intents: [{ id: 'reservar' }] });
    expect(oos?.lead).toBeUndefined();
    const mapped = restaurant({ skills: { smalltalk: { intent: 'charla' } } });
    expect((await pendingPolicy.decide(input(mapped, understood(['reservar'], greeting), { waiting: formWaits })))?.lead).toBeUndefined();
  });

  it('takes nothing when no form or workflow waits', async () => {
    expect(await pendingPolicy.decide(input(restaurant(), understood(['charla'], greeting)))).toBeNull();
  });
});
