import { describe, expect, it } from 'vitest';
import { guardVerdict } from './guards.ts';
import { syntheticReading } from '../../src/skills/testing.ts';

describe('the guards before the decision model', () => {
  it('take a short reply by its words, unless it says a word the bot keeps using', () => {
    expect(guardVerdict(syntheticReading('domain', 0.9, { shortReply: 'thanks' }))).toEqual({ kind: 'thanks', confidence: 1, byWords: true });
    expect(guardVerdict(syntheticReading('domain', 0.9, { shortReply: 'acknowledge', domainWords: ['show'], strongDomainWord: true }))).toBeUndefined();
  });

  it('hand over a request in a request frame, not one for another topic’s staff', () => {
    const framed = syntheticReading('domain', 0.7, { personRequest: true, scores: [{ id: 'domain', confidence: 0.7 }, { id: 'human', confidence: 0.2 }], domainWords: ['jiu'] });
    expect(guardVerdict(framed)).toEqual({ kind: 'human', confidence: 0.2, mentionsBot: true });
    expect(guardVerdict({ ...framed, thingWords: ['banc'] })).toBeUndefined();
  });

  it('follow the bot’s own lines: all of a request for a person, most of an out-of-scope line', () => {
    expect(guardVerdict(syntheticReading('domain', 0.8, { ownPerson: 1 }))?.kind).toBe('human');
    expect(guardVerdict(syntheticReading('domain', 0.8, { ownPerson: 0.9 }))).toBeUndefined();
    expect(guardVerdict(syntheticReading('domain', 0.8, { ownOutOfScope: 0.8 }))).toEqual({ kind: 'out_of_scope', confidence: 0.8 });
    expect(guardVerdict(syntheticReading('domain', 0.8, { ownOutOfScope: 0.5 }))).toBeUndefined();
  });

  it('call a bot’s word qualified by another topic, or a message headed by another topic’s thing, out of scope', () => {
    expect(guardVerdict(syntheticReading('domain', 0.9, { elsewhere: ['escol'] }))?.kind).toBe('out_of_scope');
    expect(guardVerdict(syntheticReading('domain', 0.9, { head: 'other' }))?.kind).toBe('out_of_scope');
    // Not a request for a person read as such, nor small talk.
    expect(guardVerdict(syntheticReading('human', 0.9, { head: 'other' }))).toBeUndefined();
    expect(guardVerdict(syntheticReading('greeting', 0.9, { head: 'other' }))).toBeUndefined();
    expect(guardVerdict(syntheticReading('domain', 0.9))).toBeUndefined();
  });
});
