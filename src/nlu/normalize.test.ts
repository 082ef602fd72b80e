import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { foldDiacritics } from '../text/index.ts';

describe('normalize', () => {
  it('folds diacritics, including Vietnamese đ', () => {
    expect(foldDiacritics('Ação não está')).toBe('Acao nao esta');
    expect(foldDiacritics('Đặt hàng được không')).toBe('Dat hang duoc khong');
    expect(foldDiacritics('mañana')).toBe('manana');
  });

  it('pt: lowercases, strips emojis and punctuation, expands slang', () => {
    expect(normalize('Vc pode me ajudar pfv? 😀🙏', 'pt')).toBe('voce pode me ajudar por favor');
    expect(normalize('q horas vcs abrem hj?', 'pt')).toBe('que horas voces abrem hoje');
    expect(normalize('EU TB QUERO!!!', 'pt')).toBe('eu tambem quero');
    expect(normalize('Amanhã às 19:00', 'pt')).toBe('amanha as 19:00');
    expect(normalize('siiiim kkkkk', 'pt')).toBe('sim');
    expect(normalize('obg, blz', 'pt')).toBe('obrigado beleza');
  });

  it('es: slang and Rioplatense fillers', () => {
    expect(normalize('Che, xq no me llegó el pedido??', 'es')).toBe('porque no me llego el pedido');
    expect(normalize('q onda, pq tarda tanto', 'es')).toBe('que onda porque tarda tanto');
    expect(normalize('porfa, tmb quiero info jajaja', 'es')).toBe('por favor tambien quiero informacion');
  });

  it('vi: folds tones and expands chat abbreviations', () => {
    expect(normalize('Áo này có sz M ko, đc ko ạ', 'vi')).toBe('ao nay co size m khong duoc khong a');
    expect(normalize('giá bn vậy shop', 'vi')).toBe('gia bao nhieu vay shop');
    expect(normalize('mua j cũng dc hok', 'vi')).toBe('mua gi cung duoc khong');
  });

  it('en: contractions and texting shorthand', () => {
    expect(normalize("I can't find my card, u help pls??", 'en')).toBe('i cannot find my card you help please');
    expect(normalize("What's the fee? thx", 'en')).toBe('what is the fee thanks');
    expect(normalize('Sooooo goood 👍', 'en')).toBe('soo good');
  });

  it('keeps numbers, times and e-mails intact', () => {
    expect(normalize('R$ 1.500,00 às 19:30', 'pt')).toBe('r$ 1.500,00 as 19:30');
    expect(normalize('mail: Ana.Lima@Acme.com.br.', 'pt')).toBe('mail ana.lima@acme.com.br');
  });
});
