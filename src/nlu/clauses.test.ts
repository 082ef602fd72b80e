import { describe, expect, it } from 'vitest';
import { clauseSpans, splitClauses } from './clauses.ts';

describe('splitClauses', () => {
  it('pt: conjunctions and punctuation', () => {
    expect(splitClauses('sim, e onde fica?', 'pt')).toEqual(['sim', 'onde fica?']);
    expect(splitClauses('quero agendar e onde fica a CT?', 'pt')).toEqual(['quero agendar', 'onde fica a CT?']);
    expect(splitClauses('qual o preço? também quero saber o horário', 'pt')).toEqual(['qual o preço?', 'quero saber o horário']);
  });

  it('does not produce junk fragments', () => {
    expect(splitClauses('arroz e feijão', 'pt')).toEqual(['arroz e feijão']);
    expect(splitClauses('e aí', 'pt')).toEqual(['e aí']);
    expect(splitClauses(',,, ok', 'pt')).toEqual(['ok']);
    expect(splitClauses('', 'pt')).toEqual([]);
  });

  it('keeps numbers with separators whole', () => {
    expect(splitClauses('custa R$ 1.500,00 e abre às 19:30', 'pt')).toEqual(['custa R$ 1.500,00', 'abre às 19:30']);
  });

  it('es, vi, en', () => {
    expect(splitClauses('quiero reservar y cuánto sale?', 'es')).toEqual(['quiero reservar', 'cuánto sale?']);
    expect(splitClauses('mình muốn mua áo và shop ở đâu', 'vi')).toEqual(['mình muốn mua áo', 'shop ở đâu']);
    // "còn" is "and as for", but "still have" before what is in stock
    expect(splitClauses('áo polo còn hàng ko, với lại phí ship bao nhiêu', 'vi')).toEqual(['áo polo còn hàng ko', 'phí ship bao nhiêu']);
    expect(splitClauses('giày trắng con size 42 ko', 'vi')).toEqual(['giày trắng con size 42 ko']);
    expect(splitClauses('mình lấy áo thun còn giày thì sao', 'vi')).toEqual(['mình lấy áo thun', 'giày thì sao']);
    expect(splitClauses('I want to book a class and where are you located?', 'en')).toEqual([
      'I want to book a class',
      'where are you located?',
    ]);
    expect(splitClauses('yes, and how much is it?', 'en')).toEqual(['yes', 'how much is it?']);
  });

  it('keeps e-mail addresses and web addresses whole', () => {
    expect(splitClauses('meu email é ana@clinica.com.br e quero agendar', 'pt')).toEqual(['meu email é ana@clinica.com.br', 'quero agendar']);
    expect(splitClauses('vi no site loja.com. Tem frete?', 'pt')).toEqual(['vi no site loja.com', 'Tem frete?']);
  });

  it('with opensClause, commas and conjunctions cut only where a command starts; hard breaks always cut', () => {
    const options = { opensClause: (next: string) => /^(?:(?:e|depois)\s+)*(?:anote|crie|agende)\b/.test(next), conjunctions: ['depois'] };
    expect(splitClauses('agende Ana e Bia, anote que é urgente e importante depois crie um aviso', 'pt', options)).toEqual([
      'agende Ana e Bia',
      'anote que é urgente e importante',
      'crie um aviso',
    ]);
    expect(splitClauses('anote isso; falar com Bia. Ligar amanhã', 'pt', options)).toEqual(['anote isso', 'falar com Bia', 'Ligar amanhã']);
    expect(splitClauses('agende a Bia e crie', 'pt', options)).toEqual(['agende a Bia', 'crie']);
  });

  it('clauseSpans gives where each clause sits', () => {
    const text = 'oi, quero agendar; e qual o preço?';
    const spans = clauseSpans(text, 'pt');
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(spans.map((s) => s.text));
    expect(spans.map((s) => s.text)).toEqual(['oi', 'quero agendar', 'qual o preço?']);
  });
});
