import { describe, expect, it } from 'vitest';
import { openingGroup } from './engine.ts';
import { formSchema } from './schema.ts';

const form = formSchema.parse({
  intent: 'onboarding',
  done: 'Pronto!',
  slots: {
    name: { kind: 'name', group: 'profile', ask: 'x' },
    age: { kind: 'age', group: 'profile', ask: 'x' },
    city: { kind: 'place', group: 'profile', ask: 'x' },
    course: { kind: 'course', group: 'search', ask: 'x' },
  },
});

describe("a form's opening message", () => {
  it('that answers two or more of the first group is read as the answer to the whole group', () => {
    expect(openingGroup(form, false, {}, { city: 'Fortaleza', age: 19 })).toEqual(['name', 'age', 'city']);
    expect(openingGroup(form, false, { city: 'Recife' }, { age: 19, name: 'Ana' })).toEqual(['name', 'age']);
  });

  it('is read as it is otherwise: one value only, or once the form runs', () => {
    expect(openingGroup(form, false, {}, { city: 'Fortaleza' })).toBeUndefined();
    expect(openingGroup(form, false, {}, { course: 'Direito' })).toBeUndefined();
    expect(openingGroup(form, true, {}, { city: 'Fortaleza', age: 19 })).toBeUndefined();
  });
});
