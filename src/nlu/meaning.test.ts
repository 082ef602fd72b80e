// The nearest-example space and how its scores join a local reading, on hand-made vectors whose similarities are known.
import { describe, expect, it } from 'vitest';
import { HUMAN_LABEL, joinMeaning, MeaningSpace, OUT_OF_SCOPE_LABEL, withMeaning, type MeaningSource } from './meaning.ts';
import type { Understander, Understanding } from './types.ts';

/** A unit vector along the axes given, with weights. */
const v = (...weights: number[]) => Float32Array.from(weights);

// Axes: 0 card, 1 lost, 2 hours, 3 open, 4 person, 5 weather.
const examples = [
  { label: 'card', vector: v(1, 1, 0, 0, 0, 0) },
  { label: 'card', vector: v(1, 0.8, 0, 0, 0, 0.2) },
  { label: 'hours', vector: v(0, 0, 1, 1, 0, 0) },
  { label: 'hours', vector: v(0, 0, 1, 0.7, 0, 0) },
  { label: 'chat', vector: v(0, 0, 0, 0, 0.1, 0.1) },
  { label: HUMAN_LABEL, vector: v(0, 0, 0, 0, 1, 0) },
  { label: OUT_OF_SCOPE_LABEL, vector: v(0, 0, 0, 0, 0, 1) },
];
const space = new MeaningSpace(examples);
const options = { fallback: 'chat', threshold: 0.5 };

const local = (u: Partial<Understanding>): Understanding => ({ intents: [{ id: 'chat', confidence: 0.6 }], entities: [], language: 'en', source: 'local', ...u });

describe('MeaningSpace', () => {
  it("scores each label by its nearest example, and measures the bot's examples' spread as the out-of-scope distance", () => {
    const reading = space.read(v(1, 1, 0, 0, 0, 0));
    expect(reading.labels[0]).toMatchObject({ label: 'card', similarity: expect.closeTo(1, 5) });
    expect(reading.labels[0].probability).toBeGreaterThan(0.99);
    expect(space.floor).toBeCloseTo(1.8 / Math.sqrt(2 * 1.68), 4); // the least close of the examples to their intent's nearest other one (card's two)
    expect(space.size).toBe(7);
  });

  it('a vector of another length or of zeros is near nothing', () => {
    expect(space.read(v(1, 1)).labels.every((l) => l.similarity === -1)).toBe(true);
    expect(space.read(v(0, 0, 0, 0, 0, 0)).labels.every((l) => l.similarity === -1)).toBe(true);
  });
});

describe('joinMeaning', () => {
  it('chooses the nearest intent where local understanding was unsure or called the message out of scope', () => {
    const reading = space.read(v(1, 0.9, 0, 0, 0, 0));
    expect(joinMeaning(local({ unsure: true }), reading, options)).toMatchObject({ intents: [{ id: 'card' }], note: expect.stringMatching(/intent card by meaning/) });
    const oos = joinMeaning(local({ skill: { kind: 'out_of_scope', confidence: 0.9 } }), reading, options);
    expect(oos.intents[0].id).toBe('card');
    expect(oos.skill).toBeUndefined();
  });

  it('a message nearest the lines asking for a person hands over; local small talk or a local person request stands', () => {
    const reading = space.read(v(0, 0, 0, 0, 1, 0));
    expect(joinMeaning(local({ intents: [{ id: 'hours', confidence: 0.9 }] }), reading, options).skill).toEqual({ kind: 'human', confidence: expect.any(Number) });
    const greeting = local({ skill: { kind: 'greeting', confidence: 0.9 } });
    expect(joinMeaning(greeting, reading, options)).toBe(greeting);
  });

  it('an unsure message nearest the off-domain lines, or far from every example, is out of scope', () => {
    expect(joinMeaning(local({ unsure: true }), space.read(v(0, 0, 0, 0, 0, 1)), options).skill?.kind).toBe('out_of_scope');
    // Between card and hours, close to neither as their examples are to each other.
    const far = joinMeaning(local({ unsure: true }), space.read(v(1, 0, 1, 0, 0, 0)), options);
    expect(far.skill?.kind).toBe('out_of_scope');
    expect(far.unsure).toBeUndefined();
  });

  it('a sure local reading stands unless the average of both readings puts another intent above it', () => {
    const sure = local({ intents: [{ id: 'hours', confidence: 0.95 }], scores: [{ id: 'hours', confidence: 0.95 }, { id: 'card', confidence: 0.05 }] });
    expect(joinMeaning(sure, space.read(v(0, 0, 1, 1, 0, 0)), options)).toBe(sure);
    // Meaning all but sure of card, local only fairly sure of hours.
    const fair = local({ intents: [{ id: 'hours', confidence: 0.6 }], scores: [{ id: 'hours', confidence: 0.6 }, { id: 'card', confidence: 0.4 }] });
    expect(joinMeaning(fair, space.read(v(1, 1, 0, 0, 0, 0)), options).intents).toEqual([{ id: 'card', confidence: expect.closeTo(0.7, 1) }]);
    expect(joinMeaning(sure, space.read(v(1, 1, 0, 0, 0, 0)), options).intents[0].id).toBe('card');
  });
});

describe('withMeaning', () => {
  const inner: Understander = { understand: async () => local({ unsure: true }) };
  const input = { text: 'lost my card', flows: [], now: new Date() };

  it('joins the reading of one message vector, and keeps the local reading when the model fails', async () => {
    const failures: unknown[] = [];
    const works: MeaningSource = { model: 'm', space: async () => space, embed: async () => v(1, 1, 0, 0, 0, 0) };
    expect((await withMeaning(inner, works, { ...options, onFailure: (e) => failures.push(e) }).understand(input)).intents[0].id).toBe('card');
    const fails: MeaningSource = { ...works, embed: async () => Promise.reject(new Error('down')) };
    expect(await withMeaning(inner, fails, { ...options, onFailure: (e) => failures.push(e) }).understand(input)).toEqual(local({ unsure: true }));
    expect(failures).toEqual([new Error('down')]);
  });

  it('keeps the local reading while a form waits, without a request', async () => {
    let requests = 0;
    const works: MeaningSource = { model: 'm', space: async () => space, embed: async () => (requests++, v(1, 1, 0, 0, 0, 0)) };
    const flows = [{ flow: 'f', intent: 'hours', stage: 's' }];
    expect((await withMeaning(inner, works, options).understand({ ...input, flows })).unsure).toBe(true);
    expect(requests).toBe(0);
    await withMeaning(inner, works, options).understand(input);
    expect(requests).toBe(1);
  });
});
