// Regex entities declared by a bot (bot.yaml `entities:`): every match, case-insensitive, is an entity whose
// value is the matched text (the first capture group when the pattern has one).
import type { PatternEntity } from '../types.ts';
import type { Span } from './contacts.ts';

const compiled = new WeakMap<PatternEntity, RegExp>();

function regexOf(p: PatternEntity): RegExp {
  let re = compiled.get(p);
  if (!re) {
    re = new RegExp(p.pattern, 'giu');
    compiled.set(p, re);
  }
  re.lastIndex = 0;
  return re;
}

export function extractPatterns(text: string, patterns: PatternEntity[]): Span[] {
  const out: Span[] = [];
  for (const p of patterns) {
    for (const m of text.matchAll(regexOf(p))) {
      if (!m[0]) continue;
      const start = m.index ?? 0;
      out.push({ type: p.type, value: m[1] ?? m[0], text: m[0], start, end: start + m[0].length });
    }
  }
  return out;
}
