// Phrases that point at something mentioned earlier instead of naming it: "nela", "pra ele", "esse lead",
// "desse contato". A bot names the kinds of things it keeps (bot.yaml `references:`, e.g. lead: [lead, contato,
// cliente]); the pronouns, demonstratives and prepositions are the language's. A bot resolves a reference to the
// last entity of that kind it mentioned, and writes its name where a title had the pronoun
// ("Ligar pra ele" → "Ligar para Caetano Reis").
import type { Language } from './types.ts';
import { foldPreservingOffsets } from '../text/index.ts';

interface Grammar {
  /** The whole phrase, with the nouns at NOUN; groups `fused`, `contracted` or `prep` hold the preposition. */
  phrase: string;
  /** The preposition as written in a title, per group value. */
  prepOut: Record<string, string>;
  /** After the noun, what makes it a named reference ("lead do Fulano", "lead Lennon"), not a pointer. */
  namedAfter: RegExp;
  /** A slot value that is nothing but a pointer ("o lead", "lead atual", "mesmo"). */
  bare: string;
  /** What a noun phrase may end with and still point ("lead atual"). */
  current: string;
}

const GRAMMARS: Partial<Record<Language, Grammar>> = {
  pt: {
    // A noun needs a determiner or a contracted preposition, so "a cliente quer…" is left alone.
    phrase:
      '(?<fused>n|d)(?:el[ea]s?|(?:ess|est|aquel)[ea]s?\\s+(?:mesm[oa]\\s+)?NOUN|[oa]\\s+(?:mesm[oa]\\s+)?NOUN)' +
      '|(?<contracted>pra|pro|ao|pel[oa])\\s+(?:el[ea]s?|(?:(?:ess|est|aquel)[ea]\\s+)?(?:mesm[oa]\\s+)?NOUN)' +
      '|(?<prep>para|com|sobre|a|em)\\s+(?:el[ea]s?|(?:(?:ess|est|aquel)[ea]|o|a)\\s+(?:mesm[oa]\\s+)?NOUN)',
    prepOut: { n: 'em', d: 'de', pra: 'para', pro: 'para', para: 'para', a: 'para', ao: 'para', em: 'em', com: 'com', sobre: 'sobre', pelo: 'por', pela: 'por' },
    namedAfter: /^\s+(?:(?:d[oa]s?|de|chamad[oa])\s|\p{Lu}|[0-9a-f]{8}-)/u,
    bare: '(?:(?:o|a|os|as)\\s+)?(?:el[ea]s?|(?:n|d)?el[ea]s?|mesm[oa]|(?:ess|est)[ea]|(?:(?:n|d)?(?:ess|est)[ea]\\s+|n[oa]\\s+|d[oa]\\s+|[oa]\\s+)?(?:mesm[oa]\\s+)?NOUN(?:\\s+atual)?|NOUN atual|atual)',
    current: 'atual',
  },
  es: {
    phrase:
      '(?<contracted>del|al)\\s+(?:mismo\\s+|misma\\s+)?NOUN' +
      '|(?<prep>para|con|de|sobre|a|en)\\s+(?:el|ella|ellos|ellas|(?:es[ae]|est[ae]|aquel|aquella|el|la)\\s+(?:mism[oa]\\s+)?NOUN)',
    prepOut: { del: 'de', al: 'para', para: 'para', con: 'con', de: 'de', sobre: 'sobre', a: 'para', en: 'en' },
    namedAfter: /^\s+(?:(?:de|del|llamad[oa])\s|\p{Lu}|[0-9a-f]{8}-)/u,
    bare: '(?:(?:el|la)\\s+)?(?:el|ella|ellos|ellas|mism[oa]|es[ae]|est[ae]|(?:(?:es[ae]|est[ae]|el|la)\\s+)?(?:mism[oa]\\s+)?NOUN(?:\\s+actual)?)',
    current: 'actual',
  },
  en: {
    phrase: '(?<prep>to|for|with|about|on|of|from)\\s+(?:him|her|them|(?:this|that|the)\\s+(?:same\\s+)?NOUN)',
    prepOut: { to: 'to', for: 'for', with: 'with', about: 'about', on: 'on', of: 'of', from: 'from' },
    namedAfter: /^\s+(?:(?:called|named)\s|\p{Lu}|[0-9a-f]{8}-)/u,
    bare: '(?:him|her|them|it|(?:this|that|the)\\s+(?:same\\s+)?NOUN|(?:current\\s+)?NOUN)',
    current: 'current',
  },
};

interface Reference {
  start: number;
  end: number;
  /** The preposition the phrase carries, as written in a title: "para", "com", "de", "em"… */
  prep: string;
}

export interface ReferenceReader {
  /** The nouns that name this kind of entity ("lead", "contato"). */
  readonly nouns: string[];
  /** Every phrase in `text` that points at the last entity of this kind, in order. */
  find(text: string): Reference[];
  /**
   * The phrase that starts exactly at `at` in `text`, if one does; `folded` is `foldPreservingOffsets(text)`,
   * folded once by a caller that asks at many places.
   */
  at(text: string, folded: string, at: number): Reference | undefined;
  has(text: string): boolean;
  /** A slot value that only points ("ele", "Dela", "esse lead", "lead atual"). */
  isOnly(value: string | undefined): boolean;
  /** Drop a pointing phrase that opens the text ("nela que quer visita" → "que quer visita"). */
  stripLeading(text: string): string;
  /** Write `name` where the text points ("Ligar pra ele" → "Ligar para Caetano Reis"). */
  name(text: string, name: string): string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** References to one kind of entity, called by `nouns` ("lead", "contato"), in the bot's language. */
export function referenceReader(lang: Language, nouns: string[]): ReferenceReader {
  const grammar = GRAMMARS[lang];
  const noun = `(?:${nouns.map((n) => escape(foldPreservingOffsets(n))).join('|') || '(?!)'})`;
  const source = grammar && `\\b(?:${grammar.phrase.replaceAll('NOUN', noun)})\\b(?:\\s+${grammar.current}\\b)?`;
  const phrase = source && new RegExp(source, 'g');
  const phraseAt = source && new RegExp(source, 'y');
  const endsWithNoun = grammar && new RegExp(`\\b${noun}(?:\\s+${grammar.current})?$`);
  const bare = grammar && new RegExp(`^(?:${grammar.bare.replaceAll('NOUN', noun)})$`);
  // `namedAfter` read where a phrase ends, without copying the rest of the text.
  const namedAt = grammar && new RegExp(grammar.namedAfter.source.replace(/^\^/, ''), `${grammar.namedAfter.flags}y`);

  /** The reference `m` (a match of the phrase in the folded text) makes, or undefined when a name follows it. */
  function referenceOf(text: string, m: RegExpExecArray): Reference | undefined {
    const end = m.index + m[0].length;
    namedAt!.lastIndex = end;
    const named = endsWithNoun!.test(m[0]) && !m[0].endsWith(grammar!.current) && namedAt!.test(text);
    if (named) return undefined;
    const key = m.groups?.fused ?? m.groups?.contracted ?? m.groups?.prep ?? '';
    return { start: m.index, end, prep: grammar!.prepOut[key] ?? Object.values(grammar!.prepOut)[0] };
  }

  function find(text: string): Reference[] {
    if (!grammar || !phrase) return [];
    const f = foldPreservingOffsets(text);
    const out: Reference[] = [];
    for (const m of f.matchAll(phrase)) {
      const r = referenceOf(text, m);
      if (r) out.push(r);
    }
    return out;
  }

  function at(text: string, folded: string, start: number): Reference | undefined {
    if (!grammar || !phraseAt) return undefined;
    phraseAt.lastIndex = start;
    const m = phraseAt.exec(folded);
    return m ? referenceOf(text, m) : undefined;
  }

  function isOnly(value: string | undefined): boolean {
    if (!value || !bare) return false;
    const f = foldPreservingOffsets(value).replace(/[^\p{L}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
    if (!f) return false;
    if (bare.test(f)) return true;
    const [only] = find(f);
    return !!only && only.start === 0 && only.end === f.length;
  }

  function stripLeading(text: string): string {
    const t = text.trimStart();
    const [first] = find(t);
    return first && first.start === 0 ? t.slice(first.end).replace(/^[\s,:]+/, '') : text;
  }

  function name(text: string, entityName: string): string {
    let out = '';
    let pos = 0;
    for (const r of find(text)) {
      out += text.slice(pos, r.start) + `${r.prep} ${entityName}`;
      pos = r.end;
    }
    return out + text.slice(pos);
  }

  return { nouns, find, at, has: (text) => find(text).length > 0, isOnly, stripLeading, name };
}
