import { describe, expect, it } from 'vitest';
import { referenceReader } from './references.ts';

const leads = referenceReader('pt', ['lead', 'contato', 'cliente']);

describe('referenceReader (pt)', () => {
  it('finds the phrases that point at the last entity of the kind, with the preposition they carry', () => {
    const found = (t: string) => leads.find(t).map((p) => [t.slice(p.start, p.end), p.prep]);
    expect(found('grava nela que pediu amostra')).toEqual([['nela', 'em']]);
    expect(found('levar o pedido dele pra ela')).toEqual([['dele', 'de'], ['pra ela', 'para']]);
    expect(found('almoço com ele; visitar pro lead; falar nesse mesmo cliente')).toEqual([
      ['com ele', 'com'],
      ['pro lead', 'para'],
      ['nesse mesmo cliente', 'em'],
    ]);
  });

  it('leaves named entities, other nouns and plain words alone', () => {
    expect(leads.has('grava no lead do Vasco que voltou')).toBe(false);
    expect(leads.has('visitar o lead Vasco')).toBe(false);
    expect(leads.has('a cliente pediu prazo')).toBe(false);
    expect(leads.has('o elenco mudou')).toBe(false);
    expect(referenceReader('pt', ['pedido']).has('pro lead')).toBe(false);
  });

  it('strips a pointing phrase that opens a text, and only there', () => {
    expect(leads.stripLeading('nele que prefere boleto')).toBe('que prefere boleto');
    expect(leads.stripLeading('pra ela: quer desconto')).toBe('quer desconto');
    expect(leads.stripLeading('que ele quer trocar a frota')).toBe('que ele quer trocar a frota');
  });

  it('tells a value that only points', () => {
    for (const v of ['ela', 'Dele', 'esse contato', 'o lead', 'lead atual', 'nesse cliente', 'pro lead']) expect(leads.isOnly(v), v).toBe(true);
    for (const v of ['Vasco', 'Elena', 'Orbe', '', undefined]) expect(leads.isOnly(v)).toBe(false);
  });

  it('writes the name where the text points', () => {
    expect(leads.name('Visitar ele', 'Rui Dias')).toBe('Visitar ele');
    expect(leads.name('Ligar pra ele', 'Rui Dias')).toBe('Ligar para Rui Dias');
    expect(leads.name('Almoço com ela e levar o pedido dela', 'Lia Mota')).toBe('Almoço com Lia Mota e levar o pedido de Lia Mota');
  });
});

describe('referenceReader (es, en)', () => {
  it('reads the same kind of phrases', () => {
    expect(referenceReader('es', ['cliente']).name('Llamar a ella y enviar la cotización al cliente', 'Ana Ruiz')).toBe('Llamar para Ana Ruiz y enviar la cotización para Ana Ruiz');
    expect(referenceReader('en', ['lead']).name('Send the quote to him, then lunch with that lead', 'Sam Lee')).toBe('Send the quote to Sam Lee, then lunch with Sam Lee');
    expect(referenceReader('vi', ['khach']).find('goi cho anh ay')).toEqual([]);
  });
});
