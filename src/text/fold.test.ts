import { describe, expect, it } from 'vitest';
import { foldDiacritics, fold, foldPreservingOffsets, foldToWords, slugify } from './index.ts';

describe('text folding', () => {
  it('folds accents and both cases of đ, keeping case', () => {
    expect(foldDiacritics('Ação não está')).toBe('Acao nao esta');
    expect(foldDiacritics('Đặt hàng được')).toBe('Dat hang duoc');
    expect(foldDiacritics('mañana')).toBe('manana');
  });

  it('compares what people type whatever the case, accents or spacing', () => {
    expect(fold('  ĐỒNG   Nai ')).toBe('dong nai');
    expect(fold('São  PAULO')).toBe(fold('sao paulo'));
  });

  it('keeps only words', () => {
    expect(foldToWords('Não, obrigado!!')).toBe('nao obrigado');
    expect(foldToWords('¿Sí? — claro…')).toBe('si claro');
  });

  it('makes slugs', () => {
    expect(slugify('Áo sơ mi Oxford Trắng')).toBe('ao-so-mi-oxford-trang');
    expect(slugify('Đầm #1')).toBe('dam-1');
  });

  it('keeps offsets when folding', () => {
    const text = 'Đặt 😀 ÁO';
    const folded = foldPreservingOffsets(text);
    expect(folded).toHaveLength(text.length);
    expect(folded.slice(text.indexOf('ÁO'))).toBe('ao');
    expect(folded.startsWith('dat')).toBe(true);
  });
});
