// Phrases that point at the current lead instead of naming it: "nele", "dela", "pra ele",
// "no lead", "nesse contato"… They never belong in a note's text or a task's title: they resolve to
// lead_atual, and in a title they are replaced by the lead's name ("Ligar pra ele" → "Ligar para Caetano Reis").
import { fold } from './text.ts';

const PRON = 'el[ea]s?';
const NOUN = '(?:lead|contato|cliente)';
const DEMONSTRATIVE = '(?:ess|est|aquel)[ea]';
const SAME = '(?:mesm[oa]\\s+)?';

/**
 * On folded text. Groups: `fused` (n/d fused with ele/esse/o: "nela", "desse lead", "no contato"),
 * `contracted` (pra/pro/ao/pelo: "pra ele", "pro lead"), `prep` (para/com/sobre/a/em: "com ela", "para o
 * lead"). A lead noun needs a determiner or a contracted preposition, so "a cliente quer…" is left alone.
 */
const LEAD_PRONOUN = new RegExp(
  '\\b(?:' +
    `(?<fused>n|d)(?:${PRON}|${DEMONSTRATIVE}\\s+${SAME}${NOUN}|[oa]\\s+${SAME}${NOUN})` +
    `|(?<contracted>pra|pro|ao|pel[oa])\\s+(?:${PRON}|(?:${DEMONSTRATIVE}\\s+)?${SAME}${NOUN})` +
    `|(?<prep>para|com|sobre|a|em)\\s+(?:${PRON}|(?:${DEMONSTRATIVE}|o|a)\\s+${SAME}${NOUN})` +
    ')\\b(?:\\s+atual\\b)?',
  'g',
);

/** After a lead noun, a name or "do Fulano" makes it an explicit reference, not a pronoun. */
const NAMED_AFTER = /^\s+(?:(?:d[oa]s?|de|chamad[oa])\s|\p{Lu}|[0-9a-f]{8}-)/u;

export interface LeadPronoun {
  start: number;
  end: number;
  /** The preposition the phrase carries, as written in a title: "para", "com", "de", "em"… */
  prep: string;
}

const PREP_OUT: Record<string, string> = { n: 'em', d: 'de', pra: 'para', pro: 'para', para: 'para', a: 'para', ao: 'para', em: 'em', com: 'com', sobre: 'sobre', pelo: 'por', pela: 'por' };

/** Every lead pronoun phrase in `text`, in order. */
export function findLeadPronouns(text: string): LeadPronoun[] {
  const f = fold(text);
  const out: LeadPronoun[] = [];
  for (const m of f.matchAll(LEAD_PRONOUN)) {
    const end = m.index + m[0].length;
    const isNoun = /\b(?:lead|contato|cliente)(?:\s+atual)?$/.test(m[0]);
    if (isNoun && !/\batual$/.test(m[0]) && NAMED_AFTER.test(text.slice(end))) continue;
    const key = m.groups?.fused ?? m.groups?.contracted ?? m.groups?.prep ?? '';
    out.push({ start: m.index, end, prep: PREP_OUT[key] ?? 'para' });
  }
  return out;
}

export function hasLeadPronoun(text: string): boolean {
  return findLeadPronouns(text).length > 0;
}

/** "nela que quer visita" → "que quer visita": drop a pronoun phrase that opens the text. */
export function stripLeadPronounPrefix(text: string): string {
  const t = text.trimStart();
  const [first] = findLeadPronouns(t);
  return first && first.start === 0 ? t.slice(first.end).replace(/^[\s,:]+/, '') : text;
}

const BARE_REFERENCE = /^(?:(?:o|a|os|as)\s+)?(?:el[ea]s?|(?:n|d)?el[ea]s?|mesm[oa]|(?:ess|est)[ea]|(?:(?:n|d)?(?:ess|est)[ea]\s+|n[oa]\s+|d[oa]\s+|[oa]\s+)?(?:mesm[oa]\s+)?(?:lead|contato|cliente)(?:\s+atual)?|lead atual|atual)$/;

/** A slot value that only points at the current lead ("ele", "Dela", "esse lead", "lead atual"). */
export function isLeadPronoun(ref: string | undefined): boolean {
  if (!ref) return false;
  const f = fold(ref).replace(/[^\p{L}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!f) return false;
  if (BARE_REFERENCE.test(f)) return true;
  const [only] = findLeadPronouns(f);
  return !!only && only.start === 0 && only.end === f.length;
}

/** "Ligar pra ele" + "Caetano Reis" → "Ligar para Caetano Reis". */
export function nameLeadPronouns(text: string, leadName: string): string {
  let out = '';
  let pos = 0;
  for (const p of findLeadPronouns(text)) {
    out += text.slice(pos, p.start) + `${p.prep} ${leadName}`;
    pos = p.end;
  }
  return out + text.slice(pos);
}
