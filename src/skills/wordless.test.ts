import { describe, expect, it } from 'vitest';
import { wordlessOf, wordlessReader } from './wordless.ts';

describe('messages without words (emoji, laughter)', () => {
  const read = wordlessReader('es', ['👋', 'hola', 'quiero whey 💪']);

  it('reads emoji that say something on their own as that small talk, whatever their skin tone', () => {
    expect(read('👍')?.kind).toBe('acknowledge');
    expect(read('👍🏽👍🏽')?.kind).toBe('acknowledge');
    expect(read('🙏')?.kind).toBe('thanks');
    expect(read('🖐️')?.kind).toBe('greeting');
  });

  it('reads any other emoji, or emoji of several kinds, as out of scope', () => {
    expect(read('🙃')).toEqual({ kind: 'out_of_scope', confidence: 1 });
    expect(read('🤔🤔🤔')?.kind).toBe('out_of_scope');
    expect(read('👍 🙃')?.kind).toBe('out_of_scope');
    expect(read('💪')?.kind).toBe('out_of_scope');
  });

  it('leaves the bot’s own emoji example to the bot, and any message with a word or a number to the detector', () => {
    expect(read('👋')).toBeNull();
    expect(read('👋👋')).toBeNull();
    expect(read('ok 👍')).toBeNull();
    expect(read('2 🙃')).toBeNull();
    expect(read('???')).toBeNull();
    expect(wordlessOf('?? 😴😴', 'pt')).toEqual({ emoji: ['😴', '😴'], laughs: false });
    expect(wordlessOf('hoje', 'pt')).toBeNull();
    expect(wordlessOf('aha', 'pt')).toBeNull();
  });

  it('reads laughter alone, or with emoji, as out of scope unless the bot’s own examples laugh', () => {
    expect(read('jajaja')?.kind).toBe('out_of_scope');
    expect(read('kkkkk 😂')?.kind).toBe('out_of_scope');
    expect(wordlessReader('pt', ['kkkkkk'])('kkk')).toBeNull();
    expect(wordlessReader('vi', [])('hihi')?.kind).toBe('out_of_scope');
    expect(read('jaja, cuánto sale la whey?')).toBeNull();
  });
});
