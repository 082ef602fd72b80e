// Regex entities declared by a bot (bot.yaml `entities:`): every match, case-insensitive, is an entity whose
// value is the entity's `value` (`$1`… standing for the groups), else the first capture group that matched,
// else the matched text. A pattern that finds nothing in the text is tried on its accent-folded copy, so one written without accents matches
// either spelling. `asked` entities are read only for the slot being asked (readPattern), never per message.
import type { Language, PatternEntity } from '../types.ts';
import { readMoney, readNumber } from '../slot-reader/numbers.ts';
import { SlotText } from '../slot-reader/slot-text.ts';
import type { Span } from './contacts.ts';
import { foldPreservingOffsets } from '../../text/index.ts';
import { readQuantities } from './quantities.ts';

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

/** The entity's value for a match: its `value` (`$1`… replaced by the groups), the first group that matched, or the match. */
function patternValue(p: PatternEntity, m: RegExpExecArray | RegExpMatchArray): string {
  if (p.value !== undefined) return p.value.replace(/\$(\d)/g, (_, n: string) => (m[Number(n)] ?? '').trim());
  return m.slice(1).find((g) => g !== undefined) ?? m[0];
}

export function extractPatterns(text: string, patterns: PatternEntity[]): Span[] {
  const out: Span[] = [];
  const folded = foldPreservingOffsets(text);
  for (const p of patterns) {
    // An amount with its unit ("3 kilos") is unmistakable: read with the patterns, before dates take "de 3".
    if (p.quantity) {
      for (const q of readQuantities(text, p.quantity)) out.push({ type: p.type, value: q.value, text: text.slice(q.start, q.end), start: q.start, end: q.end });
    }
    if (!p.pattern || p.asked) continue;
    let matches = [...text.matchAll(regexOf(p))];
    if (!matches.some((m) => m[0])) matches = [...folded.matchAll(regexOf(p))];
    for (const m of matches) {
      if (!m[0]) continue;
      const start = m.index ?? 0;
      out.push({ type: p.type, value: patternValue(p, m), text: text.slice(start, start + m[0].length), start, end: start + m[0].length });
    }
  }
  return out;
}

/**
 * The first of these regex entities (in their declared order) that matches the folded text still free, masked;
 * `asked` ones only when the slot is being asked. For a value said in many ways ("terminei o médio" → one level).
 */
export function readPattern(text: SlotText, entities: PatternEntity[], asked = false): { value: string; start: number; end: number } | undefined {
  for (const p of entities) {
    if (!p.pattern || (p.asked && !asked)) continue;
    const m = text.matches(regexOf(p)).find((x) => x[0]);
    if (!m) continue;
    text.mask(m.index, m.index + m[0].length);
    return { value: patternValue(p, m), start: m.index, end: m.index + m[0].length };
  }
  return undefined;
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
