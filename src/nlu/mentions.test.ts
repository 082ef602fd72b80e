import { describe, expect, it } from 'vitest';
import { findMentions } from './mentions.ts';
import type { Gazetteer } from './types.ts';

const tools: Gazetteer = {
  type: 'herramienta',
  values: {
    'martillo-chico': ['martillo', 'martillo chico'],
    'martillo-goma': ['martillo', 'martillo de goma', 'maza de goma'],
    destornillador: ['destornillador', 'atornillador'],
    'llave-inglesa': ['llave inglesa', 'llave francesa'],
  },
  not: ['martillo neumatico'],
};
const elsewhere: Gazetteer = { type: 'no_hay', values: { 'llave de paso': [], 'martillo electrico': [] } };
const values = (text: string, g = tools, notInside?: Gazetteer[]) => findMentions(text, g, { notInside }).map((m) => m.value);

describe('findMentions', () => {
  it('names every value sharing a form, each once, in message order', () => {
    expect(values('busco un destornillador y un martillo').sort()).toEqual(['destornillador', 'martillo-chico', 'martillo-goma']);
    expect(values('un martillo, otro martillo y un destornillador')).toEqual(['martillo-chico', 'martillo-goma', 'destornillador']);
  });

  it('lets a longer mention win over the shorter one inside it', () => {
    expect(values('quiero el martillo de goma')).toEqual(['martillo-goma']);
    expect(values('MARTILLO CHICO por favor')).toEqual(['martillo-chico']);
  });

  it('ignores case, accents, punctuation and plural endings', () => {
    expect(values('¿Tenés Llaves-Inglesas?')).toEqual(['llave-inglesa']);
    expect(values('dos destornilladores')).toEqual(['destornillador']);
    expect(values('máza de gomá')).toEqual(['martillo-goma']);
  });

  it('forgives one typo in long words only, and not without typos on', () => {
    expect(values('un destornilador')).toEqual(['destornillador']);
    expect(values('un atornilladro')).toEqual(['destornillador']);
    expect(findMentions('un destornilador', tools, { typos: false })).toEqual([]);
    expect(values('llabe inglesa')).toEqual([]); // "llave" is too short for a typo
  });

  it('drops a mention inside a `not` phrase or a phrase of another gazetteer', () => {
    expect(values('un martillo neumatico')).toEqual([]);
    expect(values('hay martillo electrico?', tools, [elsewhere])).toEqual([]);
    expect(values('hay martillo?', tools, [elsewhere]).length).toBe(2);
  });

  it('gives the form and the offsets in the message', () => {
    const text = 'Necesito la llave inglesa ya';
    const [m] = findMentions(text, tools);
    expect(m.value).toBe('llave-inglesa');
    expect([m.value, ...tools.values[m.value]]).toContain(m.form);
    expect(text.slice(m.start, m.end)).toBe('llave inglesa');
  });

  it('finds nothing in an empty or unrelated message', () => {
    expect(values('')).toEqual([]);
    expect(values('hola, a que hora cierran?')).toEqual([]);
  });
});
