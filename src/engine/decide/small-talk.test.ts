import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { smallTalkPolicy } from './small-talk.ts';

const thanks = (confidence: number) => ({ skill: { kind: 'thanks' as const, confidence } });

describe('the small-talk policy', () => {
  it("answers small talk the bot is unsure of with the runtime's reply of that kind", async () => {
    const d = await smallTalkPolicy.decide(input(restaurant({ replies: { thanks: '¡De nada!' } }), understood(['charla'], { ...thanks(0.7), unsure: true })));
    expect(d).toMatchObject({ policy: 'small_talk', reply: '¡De nada!', routes: [], intents: [{ id: 'charla', confidence: 0.7 }] });
  });

  it("keeps one of the bot's own intents unless the detector is all but sure", async () => {
    expect(await smallTalkPolicy.decide(input(restaurant(), understood(['reservar'], thanks(0.7))))).toBeNull();
    expect(await smallTalkPolicy.decide(input(restaurant(), understood(['reservar'], thanks(0.99))))).toMatchObject({ policy: 'small_talk' });
  });

  it("answers an acknowledgement read by its words over the bot's own intent, unless that intent has examples of its kind", async () => {
    const ack = (ids: string[]) => understood(ids, { skill: { kind: 'acknowledge', confidence: 1, byWords: true } });
    expect(await smallTalkPolicy.decide(input(restaurant(), ack(['reservar'])))).toMatchObject({ policy: 'small_talk', reply: '¡Perfecto!' });
    const base = restaurant().config.intents;
    const acks = restaurant({ intents: { ...base, enterado: { label: 'Enterado', examples: ['ok, entendido', 'de acuerdo', 'ya veo, gracias'] } } });
    expect(await smallTalkPolicy.decide(input(acks, ack(['enterado'])))).toBeNull();
    expect(await smallTalkPolicy.decide(input(acks, ack(['reservar'])))).toMatchObject({ policy: 'small_talk' });
  });

  it("keeps a message the bot's router sends somewhere of its own, and goes to the intent the bot maps small talk to", async () => {
    const rerouted = input(restaurant(), understood(['charla'], { ...thanks(0.9), unsure: true }), { route: async () => ['onboarding'] });
    expect(await smallTalkPolicy.decide(rerouted)).toBeNull();
    const mapped = restaurant({ skills: { smalltalk: { intent: 'charla' } } });
    expect(await smallTalkPolicy.decide(input(mapped, understood(['charla'], { ...thanks(0.9), unsure: true })))).toMatchObject({ routes: ['charla'], intents: [{ id: 'charla' }] });
  });

  it('takes nothing while a form waits, for another skill, or with small talk off', async () => {
    const unsure = understood(['charla'], { ...thanks(0.9), unsure: true });
    expect(await smallTalkPolicy.decide(input(restaurant(), unsure, { waiting: { workflow: false, forms: ['reservar'], cancel: false } }))).toBeNull();
    expect(await smallTalkPolicy.decide(input(restaurant(), understood(['charla'], { skill: { kind: 'out_of_scope', confidence: 0.9 }, unsure: true })))).toBeNull();
    expect(await smallTalkPolicy.decide(input(restaurant({ skills: { smalltalk: { enabled: false } } }), unsure))).toBeNull();
  });
});
