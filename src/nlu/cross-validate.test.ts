import { describe, expect, it } from 'vitest';
import { crossValidate } from './cross-validate.ts';

const price = ['how much is it', 'what does it cost', 'what is the price', 'is it expensive', 'price please', 'how much for two'];
const delivery = ['when will my order arrive', 'where is my package', 'how long does shipping take', 'has my parcel been sent', 'track my delivery', 'is my order on its way'];
const examples = [...price.map((text) => ({ text, intent: 'price' })), ...delivery.map((text) => ({ text, intent: 'delivery' })), { text: 'hello', intent: 'greet' }];

describe('crossValidate', () => {
  it('tests every example of intents with two or more, on a model that did not see it', () => {
    const cv = crossValidate(examples, { language: 'en', folds: 3 });
    expect(cv.folds).toBe(3);
    expect(cv.tested).toBe(12);
    expect(cv.perIntent.greet).toBeUndefined();
    expect(cv.perIntent.price.tested).toBe(6);
    expect(cv.accuracy).toBeGreaterThan(0.5);
    expect(cv.errors.length).toBe(cv.tested - Math.round(cv.accuracy * cv.tested));
    expect(crossValidate(examples, { language: 'en', folds: 3 })).toEqual(cv);
  });

  it('extra examples train every fold but are never tested, and near-copies of a held-out example are left out', () => {
    // A near-copy of a price example, labelled delivery: had it leaked into the fold that holds that example
    // out, the example would be read as delivery.
    const copy = { text: 'how much is it!!', intent: 'delivery' };
    const clean = crossValidate(examples, { language: 'en', folds: 3 });
    const withCopy = crossValidate(examples, { language: 'en', folds: 3, extra: [copy] });
    expect(withCopy.tested).toBe(clean.tested);
    expect(clean.errors.map((e) => e.text)).not.toContain('how much is it');
    expect(withCopy.errors.map((e) => e.text)).not.toContain('how much is it');
  });
});
