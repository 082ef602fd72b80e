import { describe, expect, it } from 'vitest';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { someoneElsesReader } from './someone-elses.ts';

const read = (lang: Language, text: string) => someoneElsesReader(lang)(normalize(text, lang));

describe('a business of someone else’s', () => {
  it('is a business word tied to a person of the customer’s own life', () => {
    expect(read('pt', 'a academia do meu primo fechou')).toEqual(['academia']);
    expect(read('es', 'la tienda de mi vecina vende más barato')).toEqual(['tienda']);
    expect(read('vi', 'shop của bạn mình bán rẻ hơn')).toEqual(['shop']);
  });

  it('is not the customer’s child’s, nor the seller addressed by a kinship word, nor a business without a person', () => {
    expect(read('pt', 'o ct do meu filho abre sábado?')).toEqual([]);
    expect(read('vi', 'shop của chị có váy đỏ không')).toEqual([]);
    expect(read('pt', 'a loja de vocês abre domingo?')).toEqual([]);
    expect(read('es', 'el local de Palermo abre hoy?')).toEqual([]);
  });
});
