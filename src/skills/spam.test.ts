import { describe, expect, it } from 'vitest';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { spamReader as reader } from './spam.ts';

const spamReader = (lang: Language) => (text: string) => reader(lang)(text, normalize(text, lang));

describe('spam and chain messages', () => {
  it('are a lure beside a call to act, a link or capitals, or a chain message alone', () => {
    expect(spamReader('pt')('renda extra trabalhando 2h por dia, me chama no zap')).toBe(true);
    expect(spamReader('es')('sorteo de un auto 0km, completá tus datos y participá')).toBe(true);
    expect(spamReader('en')('make money from your phone: bit.ly/x7k')).toBe(true);
    expect(spamReader('pt')('GANHE UM CELULAR NOVO HOJE MESMO')).toBe(true);
    expect(spamReader('pt')('método secreto pra ficar rico com apostas, clica no link')).toBe(true);
    expect(spamReader('vi')('việc nhẹ lương cao, liên hệ zalo 09xx')).toBe(true);
    expect(spamReader('es')('reenviá esto a tus amigos o tendrás siete años de mala suerte')).toBe(true);
  });

  it('are not a lure alone, a link alone, nor a chain word in another sense', () => {
    expect(spamReader('pt')('a aula experimental é grátis?')).toBe(false);
    expect(spamReader('vi')('áo này còn size M không https://shop.example.vn/ao-123')).toBe(false);
    expect(spamReader('pt')('quero abrir uma conta corrente')).toBe(false);
    expect(spamReader('es')('son una cadena de gimnasios?')).toBe(false);
  });
});
