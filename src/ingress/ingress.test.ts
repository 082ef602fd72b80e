import { describe, expect, it } from 'vitest';
import { admitText, cleanStrings, cleanText, ConversationRateLimit, inChannelNamespace, MAX_MESSAGE_CHARS, MESSAGING_CHANNELS } from './index.ts';

describe('the ingress text rule', () => {
  it('strips NUL and control characters, keeps tabs and line breaks, and mends lone surrogates', () => {
    expect(cleanText('ho\u0000la\u0007\u001b[31m\u007f')).toBe('hola[31m');
    expect(cleanText('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(cleanText('x\ud800y')).toBe('x\ufffdy');
    expect(cleanText('🙂\udc00')).toBe('🙂\ufffd');
  });

  it('admits a message up to the limit, cuts and flags a longer one, and refuses one that is empty once cleaned', () => {
    expect(admitText('  hola\u0000  ')).toEqual({ kind: 'text', text: 'hola' });
    expect(admitText('a'.repeat(MAX_MESSAGE_CHARS))).toEqual({ kind: 'text', text: 'a'.repeat(MAX_MESSAGE_CHARS) });
    const long = admitText('a'.repeat(200_000));
    expect(long).toEqual({ kind: 'too-long', text: 'a'.repeat(MAX_MESSAGE_CHARS), length: 200_000 });
    expect(admitText('\u0000\u0001 \u0007')).toEqual({ kind: 'empty' });
  });

  it('never cuts a surrogate pair in half', () => {
    const r = admitText(`${'a'.repeat(MAX_MESSAGE_CHARS - 1)}🙂🙂`);
    expect(r.kind).toBe('too-long');
    expect(r.kind === 'too-long' && r.text).toBe('a'.repeat(MAX_MESSAGE_CHARS - 1));
  });

  it('cleans every string of a nested value', () => {
    expect(cleanStrings({ a: 'x\u0000', b: ['y\u0001', 3, null], c: { d: 'z\u0000' } })).toEqual({ a: 'x', b: ['y', 3, null], c: { d: 'z' } });
  });
});

describe('per-conversation rate limit', () => {
  it('allows perMinute messages of a conversation per minute, each conversation on its own', () => {
    let now = 0;
    const limit = new ConversationRateLimit(2, () => now);
    expect([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('b')]).toEqual([true, true, false, true]);
    now = 60_000;
    expect(limit.take('a')).toBe(true);
  });
});

describe('session id namespaces', () => {
  it("puts every messaging channel's ids out of a client's reach, whatever their case", () => {
    for (const c of MESSAGING_CHANNELS) {
      expect(inChannelNamespace(`${c}-la-formula-5491155556666`)).toBe(true);
      expect(inChannelNamespace(`${c.toUpperCase()}-x`)).toBe(true);
    }
    expect(inChannelNamespace('m-abc')).toBe(false);
    expect(inChannelNamespace('my-evolution-chat')).toBe(false);
  });
});
