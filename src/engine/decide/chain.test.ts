import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { decideRoute, POLICIES } from './chain.ts';
import type { Policy } from './types.ts';

describe('the decision chain', () => {
  it('asks the policies in their order and takes the first decision', async () => {
    expect(POLICIES.map((p) => p.name)).toEqual(['person', 'named_intent', 'cancel', 'pending', 'out_of_scope', 'own_handoff', 'written_reply', 'small_talk', 'bot_intents']);
    const asked: string[] = [];
    const spy = (name: string, decides: boolean): Policy => ({
      name: 'bot_intents',
      decide: () => {
        asked.push(name);
        return decides ? { policy: 'bot_intents', why: name, intents: [], routes: [], handoff: null } : null;
      },
    });
    const d = await decideRoute(input(restaurant(), understood(['reservar'])), [spy('a', false), spy('b', true), spy('c', true)]);
    expect(d.why).toBe('b');
    expect(asked).toEqual(['a', 'b']);
  });

  it('a request for a person wins over a waiting form; out of scope does not', async () => {
    const bot = restaurant();
    const formWaits = { workflow: false, forms: ['reservar'], cancel: false };
    const person = await decideRoute(input(bot, understood(['reservar'], { skill: { kind: 'human', confidence: 0.99 } }), { waiting: formWaits }));
    expect(person.policy).toBe('person');
    const oos = await decideRoute(input(bot, understood(['reservar'], { skill: { kind: 'out_of_scope', confidence: 0.99 } }), { waiting: formWaits }));
    expect(oos).toMatchObject({ policy: 'pending', routes: ['reservar'] });
  });

  it('freezes the understanding: no policy edits what was understood', async () => {
    const u = understood(['queja'], { skill: { kind: 'bot_question', confidence: 0.83 } });
    const d = await decideRoute(input(restaurant(), u));
    expect(Object.isFrozen(u)).toBe(true);
    expect(u.intents.map((i) => i.id)).toEqual(['queja']);
    // The doubted handoff dropped, the bot is unsure: the question whether it is a robot is small talk.
    expect(d).toMatchObject({ policy: 'small_talk', intents: [{ id: 'charla' }], unsure: true });
  });
});
