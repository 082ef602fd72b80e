// Yes/no answers ("sim", "pode ser", "dale", "chốt", "ừ", "không", "go for it"), recognised only where an answer
// sits: at the start of a clause, or as a short message — not the "não" inside a sentence
// ("não recebi meu pedido") nor the Vietnamese question particle ("có size M không?").
import type { Language } from '../types.ts';
import type { Span } from './contacts.ts';
import { foldToWords } from '../../text/index.ts';

const YES: Record<Language, string[]> = {
  pt: ['sim', 'siim', 's', 'ss', 'claro', 'claro que sim', 'isso', 'isso mesmo', 'isso ai', 'pode ser', 'pode', 'com certeza', 'certo', 'certeza', 'ok', 'okay', 'beleza', 'blz', 'fechado', 'bora', 'exato', 'exatamente', 'positivo', 'perfeito', 'confirmo', 'confirmado', 'ta bom', 'ta bem', 'tudo bem', 'aham', 'uhum', 'yes', 'quero sim', 'pode sim', 'combinado', 'fechou', 'por favor', 'show', 'otimo', 'sim sim', 'ta', 'tá', 'dale', 'partiu', 'opa', 'manda bala', 'demorou', 'vamos nessa', 'bora la', 'vamos la', 'pode seguir'],
  es: ['si', 'sii', 'sip', 'dale', 'claro', 'claro que si', 'obvio', 'ok', 'okay', 'de una', 'por supuesto', 'listo', 'va', 'bueno', 'perfecto', 'confirmo', 'exacto', 'esta bien', 'joya', 'genial', 'si si', 'seguro', 'desde ya', 'de acuerdo', 'afirmativo', 'vamos', 'buenisimo', 'me parece bien', 'mandale', 'metele', 'hagamoslo', 'adelante', 'dale nomas', 'vamos nomas'],
  vi: ['co', 'u', 'um', 'uhm', 'vang', 'da', 'da vang', 'da co', 'ok', 'oke', 'oki', 'okie', 'duoc', 'dc', 'duoc a', 'dung', 'dung roi', 'chac chan', 'dong y', 'chuan', 'yes', 'co a', 'vang a', 'u a', 'dat', 'nhat tri', 'chot', 'chot luon', 'chot don', 'ok luon', 'oke luon', 'duoc luon', 'dat luon', 'lam luon'],
  en: ['yes', 'yeah', 'yep', 'yup', 'ya', 'sure', 'of course', 'ok', 'okay', 'correct', 'right', 'absolutely', 'definitely', 'sounds good', 'that works', 'please do', 'yes please', 'affirmative', 'certainly', 'fine', 'great', 'perfect', 'go ahead', 'confirm', 'confirmed', 'exactly', 'alright', 'all right', 'go for it', 'do it', 'lets do it', "let's do it", 'book it', 'works for me', 'sounds great', 'sure thing', 'you bet'],
};

const NO: Record<Language, string[]> = {
  pt: ['nao', 'n', 'nn', 'naum', 'nem', 'negativo', 'de jeito nenhum', 'agora nao', 'nunca', 'nao obrigado', 'nao obrigada', 'nao quero', 'melhor nao', 'nope', 'no'],
  es: ['no', 'nop', 'nones', 'para nada', 'nunca', 'ni ahi', 'mejor no', 'no gracias', 'negativo', 'ni en pedo', 'tampoco'],
  vi: ['khong', 'ko', 'k', 'hong', 'hok', 'khong can', 'khong a', 'chua', 'thoi', 'khong co', 'khong dau', 'khong phai', 'sai', 'khong dung'],
  en: ['no', 'nope', 'nah', 'not really', 'never', 'no thanks', 'no thank you', 'negative', 'not now', 'no way', 'not at all', 'incorrect', 'wrong'],
};

// Words that turn a Vietnamese clause into a question, so "có ... không" is not an answer.
const VI_QUESTION_END = /(?:khong|ko|k|hong|hok|chua|ha|a|nhi|sao|nao|gi|the nao|bao nhieu)\s*\??\s*$/;

function alt(list: string[]): string {
  return [...new Set(list)].sort((a, b) => b.length - a.length).map((s) => s.replace(/ /g, '\\s+')).join('|');
}

const cache = new Map<Language, RegExp>();

// A particle of politeness that may open a no ("dạ không", "dạ thôi ạ"): the answer is the no after it.
const POLITE_LEAD: Partial<Record<Language, string[]>> = { vi: ['da'] };
// Particles that may close an answer ("dạ thôi ạ", "ok nha"): part of it, not a question's end.
const POLITE_TAIL: Partial<Record<Language, string[]>> = { vi: ['a', 'nha', 'nhe'] };

function pattern(lang: Language): RegExp {
  let re = cache.get(lang);
  if (!re) {
    // At a clause start: beginning of text or after punctuation / a leading "e"/"y"/"và"/"and". A run of answers of
    // one sense is one answer ("ừ đúng rồi", "yeah sure", "ko ko"); a no is tried first so that a polite lead
    // before it ("dạ không") is no yes.
    const w = '(?![\\p{L}\\p{N}])';
    const tail = POLITE_TAIL[lang]?.length ? `(?:\\s+(?:${alt(POLITE_TAIL[lang]!)})${w})?` : '';
    const run = (list: string[]) => `(?:${alt(list)})${w}(?:\\s+(?:${alt(list)})${w})*${tail}`;
    const lead = POLITE_LEAD[lang]?.length ? `(?:(?:${alt(POLITE_LEAD[lang]!)})\\s+)?` : '';
    re = new RegExp(`(?:^|[,.;!?\\n]\\s*|(?<=^|[,.;!?]\\s*)(?:e|y|va|and)\\s+)(?:(${lead}${run(NO[lang])})|(${run(YES[lang])}))${w}`, 'gu');
    cache.set(lang, re);
  }
  re.lastIndex = 0;
  return re;
}

// Weak words count only when the clause is short: "isso é caro", "no me llegó", "right now".
const WEAK = new Set(['isso', 'pode', 'ta', 'tá', 'no', 'nao', 'bueno', 'va', 'right', 'fine', 'great', 'da', 'dung', 'duoc', 'dc', 'co', 'khong', 'chua', 'nem', 'por favor', 'show', 'opa', 'seguro', 'vamos', 'dat']);

/** A matched answer phrase and the clause it opens (up to and with the clause's closing punctuation). */
interface Candidate {
  phrase: string;
  yes: boolean;
  start: number;
  end: number;
  clause: string;
  /** The clause's words after the phrase, trimmed. */
  restOfClause: string;
}

function candidate(folded: string, m: RegExpExecArray): Candidate {
  const said = m[2] ?? m[1];
  const end = m.index + m[0].length;
  const start = end - said.length;
  const clauseEnd = folded.slice(end).search(/[,.;!?\n]/);
  return {
    phrase: said.replace(/\s+/g, ' '),
    yes: m[2] !== undefined,
    start,
    end,
    clause: folded.slice(start, clauseEnd < 0 ? folded.length : end + clauseEnd + 1),
    restOfClause: folded.slice(end, clauseEnd < 0 ? folded.length : end + clauseEnd).trim(),
  };
}

/** Whether a candidate stands as an answer in a message of `messageWords` words. */
function isAnswer({ phrase, clause, restOfClause }: Candidate, lang: Language, messageWords: number): boolean {
  // One-letter answers ("s", "n", "k", "u") only as the whole message.
  if (phrase.length === 1 && messageWords > 1) return false;
  // A question is not an answer ("pode ser?" is, but "pode ser amanhã?" is a question).
  const clauseWords = clause.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
  if (/\?/.test(clause) && clauseWords > 2) return false;
  if (lang === 'vi' && restOfClause && VI_QUESTION_END.test(clause.replace(/\?/g, ''))) return false;
  if (!WEAK.has(phrase)) return true;
  const wordsAfter = restOfClause.split(/\s+/).filter(Boolean).length;
  return wordsAfter <= (phrase === 'nao' || phrase === 'no' ? 1 : 2);
}

/** `folded` is lowercase, diacritics folded, same offsets as `text`. */
export function extractYesNo(text: string, folded: string, lang: Language): Span[] {
  const messageWords = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
  for (const m of folded.matchAll(pattern(lang))) {
    const c = candidate(folded, m);
    // One answer per message is enough: the first one wins.
    if (isAnswer(c, lang, messageWords)) return [{ type: 'yesno', value: c.yes, text: text.slice(c.start, c.end), start: c.start, end: c.end }];
  }
  return [];
}

/** Whether the whole of a short text is a yes (true) or a no (false) answer: "no", "mejor no", "sim". */
export function wholeAnswer(text: string, lang: Language): boolean | undefined {
  const folded = foldToWords(text);
  const found = extractYesNo(folded, folded, lang)[0];
  return found && found.start === 0 && found.end === folded.length ? (found.value as boolean) : undefined;
}
