// The stream's pieces of a reply and the AI SDK mapping of a reply's UI parts.
import { describe, expect, it } from 'vitest';
import { replyPieces } from './ndjson-stream.ts';
import { UiChunkMapper } from './ui-stream.ts';

describe('replyPieces', () => {
  it('cuts a reply into sentences, long ones into word groups, and joins back to the reply exactly', () => {
    const reply = 'Oi! Tudo bem? Temos aulas de segunda a sábado, de manhã cedo até a noite, com turmas para iniciantes e avançados.\n\nQuer marcar?';
    const pieces = replyPieces(reply);
    expect(pieces.join('')).toBe(reply);
    expect(pieces.slice(0, 2)).toEqual(['Oi! ', 'Tudo bem? ']);
    expect(pieces.every((p) => p.length <= 48 || !p.trim().includes(' '))).toBe(true);
    expect(pieces.at(-1)).toBe('Quer marcar?');
  });

  it('keeps a short reply whole', () => {
    expect(replyPieces('Imagina!')).toEqual(['Imagina!']);
  });
});

describe('UiChunkMapper', () => {
  it("passes a reply's UI parts on as AI SDK data parts, with ids unique to the turn", () => {
    const mapper = new UiChunkMapper('t1');
    const cards = { type: 'data-cards' as const, id: 'opportunities', data: { items: [{ title: 'Direito', lines: [] }] } };
    expect(mapper.event(cards)).toEqual([{ ...cards, id: 'opportunities-t1' }]);
    expect(mapper.event({ type: 'data-custom', data: { n: 1 } })).toEqual([{ type: 'data-custom', id: 'part-t1-0', data: { n: 1 } }]);
    expect(mapper.event({ type: 'keepalive' })).toEqual([]);
  });
});
