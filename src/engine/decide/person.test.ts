import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { personPolicy } from './person.ts';

const complaints = restaurant();
const persons = restaurant({}, ['quiero hablar con una persona', 'pásame con alguien', 'necesito hablar con un humano', 'me comunicas con un asesor']);
const asks = (confidence = 0.99, mentionsBot?: boolean) => ({ skill: { kind: 'human' as const, confidence, ...(mentionsBot ? { mentionsBot } : {}) } });

describe('the person policy', () => {
  it("hands a bare request for a person over with the runtime's reason, even where the classifier read a complaint", () => {
    const d = personPolicy.decide(input(complaints, understood(['queja'], asks())));
    expect(d).toMatchObject({ policy: 'person', intents: [{ id: 'human', confidence: 0.99 }], routes: [], handoff: { reason: expect.stringMatching(/persona/) } });
  });

  it("leaves it to the bot's handoff intent when that intent asks for a person, or the request names the bot's things", () => {
    expect(personPolicy.decide(input(persons, understood(['queja'], asks())))).toBeNull();
    expect(personPolicy.decide(input(complaints, understood(['queja'], asks(0.9, true))))).toBeNull();
  });

  it('goes to the intent the bot maps requests for a person to, handing off when that intent does', () => {
    const mappedToHandoff = restaurant({ skills: { human: { intent: 'queja' } } });
    expect(personPolicy.decide(input(mappedToHandoff, understood(['reservar'], asks())))).toMatchObject({ intents: [{ id: 'queja' }], routes: [], handoff: { reason: 'Queja', intent: 'queja' } });
    const mappedToIntent = restaurant({ skills: { human: { intent: 'reservar' } } });
    expect(personPolicy.decide(input(mappedToIntent, understood(['charla'], asks())))).toMatchObject({ intents: [{ id: 'reservar' }], routes: ['reservar'], handoff: null });
  });

  it('takes nothing but a request for a person, and nothing when the skill is off', () => {
    expect(personPolicy.decide(input(complaints, understood(['reservar'], { skill: { kind: 'greeting', confidence: 0.99 } })))).toBeNull();
    expect(personPolicy.decide(input(complaints, understood(['reservar'])))).toBeNull();
    expect(personPolicy.decide(input(restaurant({ skills: { human: { enabled: false } } }), understood(['reservar'], asks())))).toBeNull();
  });
});
