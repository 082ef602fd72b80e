import { describe, expect, it } from 'vitest';
import { parseJsonLoose, tryParseJsonLoose } from './json.ts';

describe('parseJsonLoose', () => {
  it('plain JSON', () => expect(parseJsonLoose(' {"a": 1} ')).toEqual({ a: 1 }));
  it('inside a fence with prose', () => expect(parseJsonLoose('Aqui:\n```json\n{"a": [1, 2]}\n```\nfim')).toEqual({ a: [1, 2] }));
  it('prose around, braces inside strings', () => expect(parseJsonLoose('ok {"t": "a } b", "n": {"x": 1}} tchau')).toEqual({ t: 'a } b', n: { x: 1 } }));
  it('trailing commas', () => expect(parseJsonLoose('{"a": [1, 2,], "b": "x,]",}')).toEqual({ a: [1, 2], b: 'x,]' }));
  it('a top-level array', () => expect(parseJsonLoose('[{"intent": "a"}]')).toEqual([{ intent: 'a' }]));
  it('nothing to parse throws SyntaxError', () => {
    expect(() => parseJsonLoose('não sei')).toThrow(SyntaxError);
    expect(() => parseJsonLoose('{"a": ')).toThrow(SyntaxError);
  });
});

describe('parseJsonLoose on Python-literal output', () => {
  it('single quotes, True/None and UUID() inside prose', () =>
    expect(parseJsonLoose("Plano: {'actions': [{'intent': 'lead_criar', 'ok': True, 'id': UUID('u-1'), 'x': None}]}")).toEqual({
      actions: [{ intent: 'lead_criar', ok: true, id: 'u-1', x: null }],
    }));
  it('tryParseJsonLoose returns undefined for text with no object', () => expect(tryParseJsonLoose('tudo certo')).toBeUndefined());
});
