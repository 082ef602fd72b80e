import { describe, expect, it } from 'vitest';
import type { Gazetteer } from '../types.ts';
import { placeIndex, readBarePlace, readPlace, SlotText, type PlaceSpec } from './index.ts';

const gazetteers: Gazetteer[] = [
  { type: 'uf', values: { GO: ['Goiás'], MG: ['Minas Gerais'], PR: ['Paraná'], RJ: ['Rio de Janeiro'], RN: ['Rio Grande do Norte'] } },
  { type: 'town', values: { Uberaba: ['Ubs'], 'Rio de Janeiro': ['Rio'] }, cueOnly: 'all', cuesBefore: ['em', 'perto de'] },
];
const spec: PlaceSpec = {
  cities: 'town',
  states: 'uf',
  cues: ['vivo em', 'sou de', 'sou do'],
  stop: ['e', 'com', 'mas', 'em'],
  not: ['interior', 'bairro'],
  cityFirst: ['rio de janeiro'],
};
const index = placeIndex(spec, gazetteers, [
  { name: 'Anápolis', state: 'GO' },
  { name: 'Uberaba', state: 'MG' },
  { name: 'Londrina', state: 'PR' },
  { name: 'Santa Rita', state: 'MG' },
  { name: 'Santa Rita', state: 'GO' },
  { name: 'Rio de Janeiro', state: 'RJ' },
]);
const read = (text: string, asked = false) => {
  const found = readPlace(new SlotText(text), index, asked);
  return found && { city: found.city, state: found.state };
};

describe('readPlace', () => {
  it("reads a city's other names of the gazetteer as the city, after a cue or when asked", () => {
    expect(read('vivo em ubs e estudo')).toEqual({ city: 'Uberaba', state: 'MG' });
    expect(read('sou do Rio, tenho 16')).toEqual({ city: 'Rio de Janeiro', state: 'RJ' });
    expect(read('UBS', true)).toEqual({ city: 'Uberaba', state: 'MG' });
  });
  it("prefers a state's longer name to a city's shorter one after a cue", () => {
    expect(read('sou do Rio Grande do Norte')).toEqual({ state: 'RN' });
  });
  it('reads a known city followed by its state typed in capitals after a space', () => {
    expect(read('Bruno, 20, Londrina PR, trabalho de dia')).toEqual({ city: 'Londrina', state: 'PR' });
    expect(read('moro em Santa Rita GO e estudo')).toEqual({ city: 'Santa Rita', state: 'GO' });
    // A lowercase two-letter word after a city is no state ("to"), nor an unknown city.
    expect(read('Londrina to no segundo ano')).toBeUndefined();
  });
  it('reads a known city with the state written after it, in any of the usual ways', () => {
    expect(read('estudo longe de Anápolis - GO')).toEqual({ city: 'Anápolis', state: 'GO' });
    expect(read('uberaba/mg')).toEqual({ city: 'Uberaba', state: 'MG' });
    expect(read('fico em Santa Rita (GO) a semana toda')).toEqual({ city: 'Santa Rita', state: 'GO' });
  });
  it('reads an unknown city after a cue when a state follows it', () => {
    expect(read('sou do Pontal do Sul, PR')).toEqual({ city: 'Pontal do Sul', state: 'PR' });
  });
  it('takes a lowercase two-letter word for a state only at the end of a clause', () => {
    expect(read('vivo em Londrina, to cansada')).toEqual({ city: 'Londrina', state: 'PR' });
  });
  it('reads a city after a cue up to a stop word, and leaves the state open when the name is in two states', () => {
    expect(read('vivo em Vila Nova do Campo com meus avós')).toEqual({ city: 'Vila Nova do Campo', state: undefined });
    expect(read('sou de santa rita')).toEqual({ city: 'Santa Rita', state: undefined });
  });
  it('reads a state alone, and a state name that is a city\'s as the city', () => {
    expect(read('vivo em Minas Gerais')).toEqual({ city: undefined, state: 'MG' });
    expect(read('sou do rio de janeiro')).toEqual({ city: 'Rio de Janeiro', state: 'RJ' });
  });
  it('skips words that start no place, and reads a known city only after its gazetteer cue unless asked', () => {
    expect(read('vivo em bairro afastado')).toBeUndefined();
    expect(read('londrina é bonita')).toBeUndefined();
    expect(read('estudar perto de londrina')).toEqual({ city: 'Londrina', state: 'PR' });
    expect(read('londrina', true)).toEqual({ city: 'Londrina', state: 'PR' });
  });
  it('masks what it read', () => {
    const text = new SlotText('vivo em Uberaba e tenho 19 anos');
    readPlace(text, index);
    expect(text.folded).not.toContain('uberaba');
    expect(text.folded).toContain('19 anos');
  });
});

describe('readBarePlace', () => {
  it('reads the last short clause as a place, refusing its not words and the caller\'s', () => {
    expect(readBarePlace(new SlotText('ah, Serra Azul'), index)).toMatchObject({ city: 'Serra Azul' });
    expect(readBarePlace(new SlotText('uberaba'), index)).toMatchObject({ city: 'Uberaba', state: 'MG' });
    expect(readBarePlace(new SlotText('interior'), index)).toBeUndefined();
    expect(readBarePlace(new SlotText('oi'), index, new Set(['oi']))).toBeUndefined();
    expect(readBarePlace(new SlotText('moro num lugar muito longe daqui'), index)).toBeUndefined();
  });
});
