import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { personPolicy } from './person.ts';
import { personIntents } from './skill-texts.ts';

describe("what the skill policies know of a bot's intents", () => {
  it("reads them again when an admin's change replaces the intents (a handoff toggled on an intent that asks for a person)", () => {
    const bot = restaurant({}, ['quiero hablar con una persona', 'pásame con alguien', 'necesito hablar con un humano', 'me comunicas con un asesor']);
    // The intent that asks for a person hands nothing over yet; another (a booking) does: a request for a person is the skill's.
    bot.intents = { ...bot.intents, queja: { ...bot.intents.queja, handoff: false }, reservar: { ...bot.intents.reservar, handoff: true } };
    const asks = understood(['queja'], { skill: { kind: 'human', confidence: 0.99 } });
    expect(personPolicy.decide(input(bot, understood(['reservar'], { skill: { kind: 'human', confidence: 0.99 } })))).toMatchObject({ policy: 'person' });
    expect(personIntents(bot).size).toBe(0);
    expect(personPolicy.decide(input(bot, asks))).toMatchObject({ policy: 'person' });
    // The admin turns its handoff on (the registry merges a new intents record): the bot's own intent covers it now.
    bot.intents = { ...bot.intents, queja: { ...bot.intents.queja, handoff: true } };
    expect([...personIntents(bot)]).toEqual(['queja']);
    expect(personPolicy.decide(input(bot, asks))).toBeNull();
  });
});
