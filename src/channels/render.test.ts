// Rendering one narrated reply per channel, and splitting long replies at a channel's limit.
import { describe, expect, it } from 'vitest';
import { renderReply, splitReply } from './render.ts';

describe('renderReply', () => {
  it('turns markdown emphasis into WhatsApp marks', () => {
    expect(renderReply('Hola **Lu**, tenemos _creatina_ y ~~whey~~ y `ABC-1`.', 'whatsapp')).toBe('Hola *Lu*, tenemos _creatina_ y ~whey~ y `ABC-1`.');
    expect(renderReply('Es ***clave*** y __fuerte__', 'whatsapp')).toBe('Es _*clave*_ y *fuerte*');
  });

  it('writes lists with plain bullets, numbered lists as numbers, nested lists indented', () => {
    const md = '- **Efectivo:** en el local\n- Transferencia\n  - alias LAFORMULA\n\n1. uno\n2. dos';
    expect(renderReply(md, 'whatsapp')).toBe('• *Efectivo:* en el local\n• Transferencia\n   • alias LAFORMULA\n\n1. uno\n2. dos');
  });

  it('shows links as text, headings in bold, tables as one line per row', () => {
    expect(renderReply('Seguinos en [Instagram](https://instagram.com/x) o https://x.com', 'whatsapp')).toBe('Seguinos en Instagram (https://instagram.com/x) o https://x.com');
    expect(renderReply('## Horarios\n\nDe 9 a 18', 'whatsapp')).toBe('*Horarios*\n\nDe 9 a 18');
    const table = '| plano | preço |\n|---|---|\n| Mensal | **R$ 189** |\n| Livre | R$ 259 |';
    expect(renderReply(table, 'whatsapp')).toBe('• Mensal: *R$ 189*\n• Livre: R$ 259');
    expect(renderReply('| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |', 'whatsapp')).toBe('• 1 — 2 — 3');
  });

  it('keeps line breaks, paragraphs, escaped characters and code blocks', () => {
    expect(renderReply('línea 1\nlínea 2\n\notro párrafo', 'whatsapp')).toBe('línea 1\nlínea 2\n\notro párrafo');
    expect(renderReply('2 \\* 3 = 6', 'whatsapp')).toBe('2 * 3 = 6');
    expect(renderReply('```\nnpm start\n```', 'whatsapp')).toBe('```npm start```');
  });

  it('drops every mark for plain text, and leaves markdown untouched for markdown channels', () => {
    const md = '**Planos**\n\n- _Mensal_: [ver](https://x.com/p)';
    expect(renderReply(md, 'plain')).toBe('Planos\n\n• Mensal: ver (https://x.com/p)');
    expect(renderReply(md, 'markdown')).toBe(md);
  });
});

describe('splitReply', () => {
  it('keeps a reply that fits whole', () => {
    expect(splitReply('hola', 10)).toEqual(['hola']);
    expect(splitReply('  ', 10)).toEqual([]);
  });

  it('cuts between paragraphs first, then lines, then words, and only cuts a word longer than the limit', () => {
    expect(splitReply('aaaa\n\nbbbb\n\ncccc', 10)).toEqual(['aaaa\n\nbbbb', 'cccc']);
    expect(splitReply('aaaa\nbbbb\ncccc', 10)).toEqual(['aaaa\nbbbb', 'cccc']);
    expect(splitReply('uno dos tres cuatro', 8)).toEqual(['uno dos', 'tres', 'cuatro']);
    expect(splitReply('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('prefers a sentence boundary to a word boundary inside a long paragraph', () => {
    const text = 'El envío sale hoy. Llega en tres días hábiles. Te aviso por acá cuando salga.';
    expect(splitReply(text, 50)).toEqual(['El envío sale hoy. Llega en tres días hábiles.', 'Te aviso por acá cuando salga.']);
  });

  it('never cuts an emoji or a combined character in two', () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const text = `x${'👍🏽'.repeat(30)}${'🇦🇷'.repeat(10)}`; // skin tones and flags: several code units per grapheme
    for (const limit of [7, 10, 33]) {
      const parts = splitReply(text, limit);
      for (const p of parts) {
        expect(p.length).toBeLessThanOrEqual(limit);
        expect(p).not.toMatch(lone);
      }
      expect(parts.join('')).toBe(text);
      // Every cut falls between graphemes: the parts' graphemes are the text's.
      const g = (s: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((x) => x.segment);
      expect(parts.flatMap(g)).toEqual(g(text));
    }
  });

  it('never returns a part over the limit', () => {
    const text = Array.from({ length: 40 }, (_, i) => `${i} ${'palabra '.repeat(i * 7)}`.trim() + (i % 3 ? '\n' : '\n\n')).join('');
    for (const limit of [50, 333, 4096]) {
      const parts = splitReply(text, limit);
      for (const p of parts) expect(p.length).toBeLessThanOrEqual(limit);
      expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(text.trim().replace(/\s+/g, ' ')); // nothing lost
    }
  });

  // V8 copies a segmenter's whole input into every segment it yields: one pass over a long text costs its length
  // times its segments. A model's runaway reply of 2 MB took the process past its heap that way. The work counted
  // here is what the segmenter is handed per segment; it grows with the text, not with its square.
  it('segments a long reply with work linear in its length', () => {
    const shapes: Record<string, (n: number) => string> = {
      'one paragraph of short sentences': (n) => 'Olá! Tudo bem? '.repeat(n / 15),
      'one word': (n) => 'é'.repeat(n),
      'one word of emoji': (n) => '👍🏽'.repeat(n / 4),
    };
    for (const [shape, make] of Object.entries(shapes)) {
      const [small, large] = [16_000, 64_000].map((n) => segmentWork(() => splitReply(make(n), 4096)));
      expect({ shape, growth: large / small }).toEqual({ shape, growth: expect.toSatisfy((g: number) => g < 6) });
    }
    const text = 'Olá! Tudo bem? '.repeat(2000);
    const parts = splitReply(text, 4096);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(4096);
    expect(parts.join(' ')).toBe(text.trim());
  });
});

/** Characters handed to Intl.Segmenter while `fn` runs: the input's length for every segment it yields. */
function segmentWork(fn: () => unknown): number {
  const proto = Intl.Segmenter.prototype;
  const original = proto.segment;
  let work = 0;
  proto.segment = function (this: Intl.Segmenter, input: string) {
    const segments = original.call(this, input);
    return {
      containing: (i?: number) => segments.containing(i),
      *[Symbol.iterator]() {
        for (const s of segments) {
          work += input.length;
          yield s;
        }
      },
    } as Intl.Segments;
  };
  try {
    fn();
  } finally {
    proto.segment = original;
  }
  return work;
}
