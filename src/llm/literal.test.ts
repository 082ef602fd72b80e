import { describe, expect, it } from 'vitest';
import { extractBalanced, parseLiteral, parseObjectLoose, toPythonLiteral, tryParseLiteral } from './literal.ts';

describe('parseLiteral', () => {
  it('reads Python dict literals with UUID(), True/False/None and single quotes', () => {
    const v = parseLiteral("{'nome': 'Lennon', 'id': UUID('3f2a0c1e-1111-4222-8333-944455556666'), 'ativo': True, 'empresa': None, 'n': 2.5}");
    expect(v).toEqual({ nome: 'Lennon', id: '3f2a0c1e-1111-4222-8333-944455556666', ativo: true, empresa: null, n: 2.5 });
  });

  it('reads JSON, nested lists, tuples, escapes and string prefixes', () => {
    expect(parseLiteral('{"a": [1, {"b": false}], "c": null}')).toEqual({ a: [1, { b: false }], c: null });
    expect(parseLiteral("(1, 'x',)")).toEqual([1, 'x']);
    expect(parseLiteral("('só',)")).toEqual(['só']);
    expect(parseLiteral("u'it\\'s'")).toBe("it's");
    expect(parseLiteral("{'t': 'linha\\numa'}")).toEqual({ t: 'linha\numa' });
  });

  it('turns datetime and Decimal constructors into plain values', () => {
    expect(parseLiteral("{'prazo': datetime.datetime(2025, 5, 16, 10, 0), 'dia': datetime.date(2025, 5, 16), 'v': Decimal('99.90')}")).toEqual({
      prazo: '2025-05-16T10:00:00',
      dia: '2025-05-16',
      v: 99.9,
    });
  });

  it('rejects malformed text and never evaluates code', () => {
    expect(() => parseLiteral("{'a': 1")).toThrow();
    expect(() => parseLiteral('not json at all')).toThrow();
    expect(tryParseLiteral("__import__('os').system('echo hacked')")).toBeUndefined();
    expect(tryParseLiteral("{'a': 1} trailing")).toBeUndefined();
  });
});

describe('parseObjectLoose', () => {
  it('finds the object inside a tool message text', () => {
    expect(parseObjectLoose("{'lead_id': UUID('abc-1'), 'nome': 'Lennon'} lead criado")).toEqual({ lead_id: 'abc-1', nome: 'Lennon' });
  });

  it('merges a list of object strings (the seed slots shape) and leaves non-objects as null', () => {
    expect(parseObjectLoose(["{'nome': 'Lennon'}", '{"empresa": "Acme"}'])).toEqual({ nome: 'Lennon', empresa: 'Acme' });
    expect(parseObjectLoose('Lennon')).toBeNull();
    expect(parseObjectLoose(42)).toBeNull();
  });

  it('strips a ```json fence', () => {
    expect(parseObjectLoose('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
  });
});

describe('extractBalanced / toPythonLiteral', () => {
  it('finds the first object or list, or only the kind asked for', () => {
    expect(extractBalanced("plano: [{'a': 1}] e {'b': 2}")).toBe("[{'a': 1}]");
    expect(extractBalanced("plano: [{'a': 1}] e {'b': 2}", '{')).toBe("{'a': 1}");
    expect(extractBalanced('{"a": [1}')).toBeNull();
  });

  it('respects quotes when matching braces', () => {
    expect(extractBalanced("x {'a': '}'} y")).toBe("{'a': '}'}");
  });

  it('writes ids as UUID(...) and round-trips through the parser', () => {
    const payload = { lead_id: 'u-1', nome: "O'Neil", ativo: false, empresa: null };
    const repr = toPythonLiteral(payload);
    expect(repr).toBe("{'lead_id': UUID('u-1'), 'nome': 'O\\'Neil', 'ativo': False, 'empresa': None}");
    expect(parseLiteral(repr)).toEqual(payload);
  });
});
