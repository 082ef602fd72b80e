import { describe, expect, it } from 'vitest';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { createSkillDetector } from './detector.ts';
import { acquaintanceFirstReader, brandsReader, partyFirstReader, someoneElsesReader } from './someone-elses.ts';

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

const opensWithAcquaintance = (lang: Language, text: string) => acquaintanceFirstReader(lang)(normalize(text, lang));

describe('a message opening with a person of the customer’s own life', () => {
  it('is read by a possessive and the person, or in Vietnamese the person and "mine"', () => {
    expect(opensWithAcquaintance('pt', 'minha cunhada bateu o carro ontem')).toBe(true);
    expect(opensWithAcquaintance('es', 'mi suegro se jubila en marzo')).toBe(true);
    expect(opensWithAcquaintance('vi', 'sếp mình đi công tác rồi')).toBe(true);
    expect(opensWithAcquaintance('en', 'my neighbour keeps parking in my spot')).toBe(true);
  });

  it('is not a child, a person named later, nor the Vietnamese "bạn" that addresses the reader', () => {
    expect(opensWithAcquaintance('pt', 'meu filho pode treinar sábado?')).toBe(false);
    expect(opensWithAcquaintance('pt', 'ontem minha cunhada bateu o carro')).toBe(false);
    expect(opensWithAcquaintance('vi', 'bạn ơi áo này còn size m không')).toBe(false);
  });
});

const partyFirst = (lang: Language, text: string) => partyFirstReader(lang)(normalize(text, lang));

describe('a message opening with a third party', () => {
  it('names the party, past articles and possessives (and the Vietnamese "bên")', () => {
    expect(partyFirst('pt', 'o banco me cobrou a anuidade duas vezes')).toBe('banco');
    expect(partyFirst('es', 'el remisero me dejó a tres cuadras')).toBe('remisero');
    expect(partyFirst('es', 'uy, la prepaga me aumentó la cuota otra vez')).toBe('prepaga');
    expect(partyFirst('vi', 'bên lazada giao nhầm màu cho mình')).toBe('lazada');
    expect(partyFirst('en', 'my landlord raised the rent again')).toBe('landlord');
  });

  it('is none when the party comes later, or the message addresses the bot\'s business', () => {
    expect(partyFirst('pt', 'paguei e o banco recusou')).toBeNull();
    expect(partyFirst('pt', 'o banco recusou meu cartão quando fui pagar vocês')).toBeNull();
    expect(partyFirst('es', 'el correo no trajo lo que les compré')).toBeNull();
  });

  it('is none for a word that only folds like a party (Vietnamese without its marks)', () => {
    expect(partyFirst('vi', 'có giao hỏa tốc không')).toBeNull();
    expect(partyFirst('vi', 'trường hợp đổi size thì sao')).toBeNull();
  });
});

describe('a third party as the bot\'s text knows it', () => {
  const shop = createSkillDetector({
    language: 'es',
    domain: {
      comprar: ['quiero comprar creatina', 'puedo pagar con tarjeta?', 'aceptan tarjeta de débito?', 'cuánto sale la whey?'],
      entrenar: ['cómo mejoro el press de banca?', 'estoy estancado en press banca'],
      entrega: ['el correo perdió mi paquete', 'el correo dice entregado y no llegó nada'],
    },
    domainText: ['Ante cualquier duda de salud, consultá a tu médico.'],
  });
  const party = (text: string) => shop.read(text)?.partyFirst;

  it('is unknown when no text of the bot\'s says it as written (its stem in another word is not it)', () => {
    expect(party('el banco me bloqueó la tarjeta')).toBe('unknown');
  });

  it('is named when only the bot\'s knowledge says it, and the bot\'s own when its examples keep saying it', () => {
    expect(party('el médico me dijo que deje el café')).toBe('named');
    expect(party('el correo no me entregó nada')).toBeNull();
  });
});

describe('a business named by its own name', () => {
  const brands = (lang: Language, text: string) => brandsReader(lang)(normalize(text, lang));

  it('is read anywhere in the message, and opens a story as a party does', () => {
    expect(brands('es', 'hace una semana que el envío de pedidosya no aparece')).toEqual(['pedidosya']);
    expect(brands('vi', 'mình mua trên tiki mà giao chậm quá')).toEqual(['tiki']);
    expect(partyFirst('pt', 'o ifood cancelou meu pedido')).toBe('ifood');
  });

  it('is none when the message addresses the bot\'s business', () => {
    expect(brands('vi', 'áo này shop có rẻ hơn bên tiki không')).toEqual([]);
  });

  const shop = createSkillDetector({ language: 'es', domain: { comprar: ['quiero comprar creatina', 'cuánto sale la whey?', 'me mandan el pedido a casa?', 'el pedido llega hoy?'] } });

  it('is the message\'s subject when no text of the bot\'s names it and no other name is said', () => {
    expect(shop.read('el pedido de pedidosya nunca llegó')?.otherBrand).toBe(true);
    expect(shop.read('mandame el pedido a Lucía por pedidosya')?.otherBrand).toBe(false);
  });
});
