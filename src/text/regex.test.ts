import { describe, expect, it } from 'vitest';
import { regexProblem } from './regex.ts';

describe('regexProblem', () => {
  it('refuses a repetition inside a repetition, however it is written', () => {
    for (const p of ['(\\w+\\s?)+@x', '(a*)*', '(?:a+b?){2,}', '(?<w>[a-z]+ ?)*$', '(x|y+)+z', '(a{1,})+', '(?:\\d+[.,]?)*\\d']) {
      expect(regexProblem(p), p).toMatch(/repetition inside a repetition/);
    }
  });

  it('accepts the patterns bots write, repeated classes and groups repeated once included', () => {
    for (const p of ['[\\w.+-]+@[\\w-]+\\.[\\w.]+', '\\+?\\(?\\d{3}\\)?[\\s.-]?\\d{3}[\\s.-]?\\d{4}', '(?<!\\d)(\\+?\\d[\\d\\s-]{7,14}\\d)(?!\\d)', '\\b([a-z]{3}-?\\d[a-z0-9]\\d{2})\\b', '\\w+(?:\\s\\w+)*', '(ab)+', '((ab)+c)+', '\\d+(?:[.,]\\d+)*', '(a+)?b', '[(+*)]+', '\\(a+\\)+', '(?:oi|ola)+', '^bo[am] dia']) {
      expect(regexProblem(p), p).toBeUndefined();
    }
  });

  it('says when a pattern is not a regular expression at all', () => {
    expect(regexProblem('(oi')).toBe('not a valid regular expression');
  });
});
