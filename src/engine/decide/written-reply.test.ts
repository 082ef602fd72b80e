import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { writtenReplyPolicy } from './written-reply.ts';

describe('the written-reply policy', () => {
  it('answers with the reply written while understanding, running no specialist', async () => {
    expect(await writtenReplyPolicy.decide(input(restaurant(), understood(['reservar'], { reply: 'Claro, ¿para cuántos?' })))).toMatchObject({ policy: 'written_reply', reply: 'Claro, ¿para cuántos?', routes: [], intents: [{ id: 'reservar' }] });
    expect(await writtenReplyPolicy.decide(input(restaurant(), understood(['reservar'])))).toBeNull();
  });
});
