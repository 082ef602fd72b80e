import { describe, expect, it } from 'vitest';
import { crossValidate } from './crossval.ts';

const price = ['how much is it', 'what does it cost', 'what is the price', 'is it expensive', 'price please', 'how much for two'];
const delivery = ['when will my order arrive', 'where is my package', 'how long does shipping take', 'has my parcel been sent', 'track my delivery', 'is my order on its way'];
const examples = [...price.map((text) => ({ text, intent: 'price' })), ...delivery.map((text) => ({ text, intent: 'delivery' }))];

describe('crossValidate with extra examples', () => {
  it('extras train every fold but are never tested, and a near-copy of a held-out example is left out of its fold', () => {
    // A near-copy of a price example, labelled delivery: had it leaked into the fold that holds that example
    // out, the example would be read as delivery.
    const copy = { text: 'how much is it!!', intent: 'delivery' };
    const clean = crossValidate(examples, 'en', 3);
    const withCopy = crossValidate(examples, 'en', 3, undefined, [copy]);
    expect(withCopy.n).toBe(clean.n);
    expect(clean.confused.map((c) => c.example)).not.toContain('how much is it');
    expect(withCopy.confused.map((c) => c.example)).not.toContain('how much is it');
  });

  it('extras that are not near a held-out example do train', () => {
    // Delivery texts labelled price, unlike any held-out sentence: they pull delivery examples to price.
    const misleading = ['where my package', 'track order delivery shipping', 'parcel sent arrive'].map((text) => ({ text, intent: 'price' }));
    const clean = crossValidate(examples, 'en', 3);
    const misled = crossValidate(examples, 'en', 3, undefined, misleading);
    expect(misled.accuracy).toBeLessThan(clean.accuracy);
  });
});
