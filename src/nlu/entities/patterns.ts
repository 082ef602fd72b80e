// Regex entities declared by a bot (bot.yaml `entities:`): every match, case-insensitive, is an entity whose
// value is the matched text (the first capture group when the pattern has one).
import type { Language, PatternEntity } from '../types.ts';
import { readMoney, readNumber, SlotText } from '../slot-reader/index.ts';
import type { Span } from './contacts.ts';

const compiled = new WeakMap<PatternEntity, RegExp>();

function regexOf(p: PatternEntity): RegExp {
  let re = compiled.get(p);
  if (!re) {
    re = new RegExp(p.pattern!, 'giu');
    compiled.set(p, re);
  }
  re.lastIndex = 0;
  return re;
}

export function extractPatterns(text: string, patterns: PatternEntity[]): Span[] {
  const out: Span[] = [];
  for (const p of patterns) {
    if (!p.pattern) continue;
    for (const m of text.matchAll(regexOf(p))) {
      if (!m[0]) continue;
      const start = m.index ?? 0;
      out.push({ type: p.type, value: m[1] ?? m[0], text: m[0], start, end: start + m[0].length });
    }
  }
  return out;
}

/** Every number and amount of money the bot's `number:` / `money:` entities read, in their declared order. */
export function extractCuedNumbers(text: string, entities: PatternEntity[], lang: Language): Span[] {
  const out: Span[] = [];
  const reading = new SlotText(text);
  for (const e of entities) {
    for (;;) {
      const got = e.number ? readNumber(reading, e.number, lang) : e.money ? readMoney(reading, e.money, lang) : undefined;
      if (!got) break;
      out.push({ type: e.type, value: got.value, text: text.slice(got.start, got.end), start: got.start, end: got.end });
    }
  }
  return out;
}
