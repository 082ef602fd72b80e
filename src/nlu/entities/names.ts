// Person and company names after cue words: "me chamo X", "sou o X da Acme", "me llamo X", "a nombre de X",
// "tên là X", "my name is X", "X from Acme". Strong cues accept lowercase names; weak cues
// ("sou", "soy", "I'm", "mình là") need a capitalised name, so "soy nuevo" is no name.
import type { Language } from '../types.ts';
import type { Span } from './contacts.ts';

interface Cues {
  strong: string[];
  weak: string[];
  company: string[]; // cues right before a company name
  companyAfterPerson: string[]; // "da"/"de"/"from" between a person and a company
  nameJoiners: string[]; // words allowed inside a person name ("da Silva", "de la Fuente")
  stop: string[]; // words that end a name
}

const CUES: Record<Language, Cues> = {
  pt: {
    strong: ['me chamo', 'meu nome e', 'meu nome eh', 'meu nome', 'pode me chamar de', 'me chama de', 'nome dele e', 'nome dela e', 'nome e', 'em nome de', 'no nome de'],
    weak: ['sou o', 'sou a', 'aqui e o', 'aqui e a', 'aqui eh o', 'aqui eh a', 'eh o', 'eh a', 'aqui quem fala e o', 'aqui quem fala e a', 'quem fala e o', 'quem fala e a', 'fala o', 'fala a', 'sou', 'aqui e', 'o', 'a'],
    company: ['trabalho na', 'trabalho no', 'trabalho em', 'sou da empresa', 'da empresa', 'empresa', 'represento a', 'represento o'],
    companyAfterPerson: ['da', 'do', 'de'],
    nameJoiners: ['da', 'de', 'do', 'dos', 'das'],
    stop: ['e', 'aqui', 'tudo', 'bem', 'bom', 'boa', 'queria', 'quero', 'gostaria', 'tenho', 'estou', 'to', 'ta', 'que', 'pra', 'para', 'com', 'sou', 'mas', 'obrigado', 'obrigada', 'cliente', 'interessado', 'interessada', 'novo', 'nova', 'aluno', 'aluna',
      'tou', 'moro', 'vivo', 'faco', 'fiz', 'terminei', 'anos', 'idade', 'em', 'no', 'na', 'ja', 'daqui', 'pois', 'porque',
      'meu', 'minha', 'seu', 'sua', 'um', 'uma', 'por', 'favor'],
  },
  es: {
    strong: ['me llamo', 'mi nombre es', 'mi nombre', 'su nombre es', 'me dicen', 'llamame', 'a nombre de', 'en nombre de'],
    weak: ['soy el', 'soy la', 'habla', 'te habla', 'les habla', 'aca', 'soy'],
    company: ['trabajo en', 'de la empresa', 'la empresa', 'empresa', 'represento a'],
    companyAfterPerson: ['de'],
    nameJoiners: ['de', 'del', 'de la'],
    stop: ['y', 'de', 'que', 'quiero', 'queria', 'quisiera', 'tengo', 'estoy', 'para', 'con', 'pero', 'gracias', 'cliente', 'nuevo', 'nueva', 'interesado', 'interesada',
      'mi', 'mis', 'su', 'sus', 'tu', 'tus', 'el', 'los', 'las', 'un', 'una', 'por', 'favor'],
  },
  vi: {
    strong: [
      'ten la', 'ten minh la', 'ten em la', 'ten toi la', 'ten anh la', 'ten chi la', 'ten cua minh la', 'ten cua em la', 'ten cua toi la', 'minh ten', 'em ten', 'toi ten', 'ten',
      // Teencode pronouns: c (chị), a (anh), e (em), mik/mk (mình), tui (tôi).
      'ten c la', 'ten a la', 'ten e la', 'ten mik la', 'ten mk la', 'ten tui la', 'mik ten', 'mk ten', 'tui ten', 'chi ten', 'anh ten', 'c ten', 'a ten', 'e ten',
    ],
    weak: ['minh la', 'em la', 'toi la', 'anh la', 'chi la'],
    company: ['cong ty', 'ben', 'lam o', 'lam tai'],
    companyAfterPerson: ['o', 'tu', 'ben'],
    nameJoiners: [],
    stop: ['va', 'muon', 'can', 'hoi', 'a', 'nhe', 'nha', 'o', 'tu', 'ben', 'khach', 'moi', 'day'],
  },
  en: {
    strong: ['my name is', 'my name s', 'call me', 'the name is', 'name is', 'name s', 'under the name of', 'under the name', 'in the name of'],
    weak: ['i am', 'i m', 'this is', 'it s', 'im', 'its'],
    company: ['i work at', 'i work for', 'work at', 'work for', 'company', 'at'],
    companyAfterPerson: ['from', 'at', 'of'],
    nameJoiners: ['de', 'van', 'von'],
    stop: ['and', 'from', 'at', 'i', 'here', 'please', 'my', 'his', 'her', 'their', 'our', 'calling', 'looking', 'interested', 'new', 'a', 'the', 'not', 'so', 'very', 'just', 'also', 'good', 'fine', 'ok', 'trying', 'having', 'going'],
  },
};


interface Token {
  text: string;
  folded: string;
  /** `folded` with apostrophes as spaces ("it's" → "it s"). */
  bare: string;
  start: number;
  end: number;
  capital: boolean;
}

/** A cue phrase split once: its words, and the phrase from each word on. */
interface Phrase {
  text: string;
  parts: string[];
  rests: string[];
}

/** A language's cues as the matcher uses them, prepared once: longest cues first, stop words as a set. */
interface PreparedCues {
  cues: Cues;
  strong: Phrase[];
  weak: Phrase[];
  company: Phrase[];
  stop: Set<string>;
}

const byLength = (l: string[]) => [...l].sort((x, y) => y.split(' ').length - x.split(' ').length || y.length - x.length);
const phrases = (l: string[]): Phrase[] =>
  byLength(l).map((text) => {
    const parts = text.split(' ');
    return { text, parts, rests: parts.map((_, k) => parts.slice(k).join(' ')) };
  });
const prepared = new Map<Language, PreparedCues>();
function preparedCues(lang: Language): PreparedCues {
  let p = prepared.get(lang);
  if (!p) {
    const cues = CUES[lang];
    p = { cues, strong: phrases(cues.strong), weak: phrases(cues.weak), company: phrases(cues.company), stop: new Set(cues.stop) };
    prepared.set(lang, p);
  }
  return p;
}

function tokenize(text: string, folded: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}'’-]*|[,.;!?]/gu;
  for (const m of text.matchAll(re)) {
    const start = m.index!;
    const end = start + m[0].length;
    const f = folded.slice(start, end);
    out.push({ text: m[0], folded: f, bare: f.replace(/['’]/g, ' '), start, end, capital: /^\p{Lu}/u.test(m[0]) });
  }
  return out;
}

function matchPhrase(tokens: Token[], i: number, phrase: Phrase): number {
  const { parts } = phrase;
  for (let k = 0; k < parts.length; k++) {
    const t = tokens[i + k];
    if (!t) return 0;
    // "it's"/"I'm" fold to one token: compare without apostrophes.
    if (t.bare !== parts[k] && t.folded !== parts[k]) {
      // allow "it's" matching "it s" as one token
      if (t.bare === phrase.rests[k]) return k + 1;
      return 0;
    }
  }
  return parts.length;
}

function isNameWord(t: Token | undefined, stop: Set<string>, needCapital: boolean): boolean {
  if (!t || !/^\p{L}/u.test(t.text)) return false;
  if (stop.has(t.folded)) return false;
  if (needCapital && !t.capital) return false;
  return t.text.length >= 2;
}

/** Take up to `max` name words from tokens[i], allowing joiners between words. Returns [first, last] token indexes. */
function takeName(tokens: Token[], i: number, { cues, stop }: PreparedCues, needCapital: boolean, allowJoiners: boolean, max = 4): [number, number] | undefined {
  if (!isNameWord(tokens[i], stop, needCapital)) return undefined;
  let last = i;
  let count = 1;
  for (let j = i + 1; j < tokens.length && count < max; j++) {
    const t = tokens[j];
    if (allowJoiners && cues.nameJoiners.includes(t.folded) && isNameWord(tokens[j + 1], stop, true)) {
      last = j + 1;
      j++;
      count++;
      continue;
    }
    // Lowercase continuation only for strong cues and while words look like names (capitalised text keeps going).
    if (isNameWord(t, stop, true) || (!needCapital && !tokens[i].capital && isNameWord(t, stop, false) && count < 2 && !isCommonWord(t.folded))) {
      last = j;
      count++;
      continue;
    }
    break;
  }
  return [i, last];
}

// A few frequent lowercase words that follow names in chat ("me chamo ana quero...").
const COMMON = new Set(['quero', 'queria', 'preciso', 'gostaria', 'tenho', 'sou', 'moro', 'estou', 'aqui', 'e', 'y', 'and', 'va', 'nhe', 'a', 'tengo', 'quiero', 'want', 'need', 'would', 'like', 'muon', 'can']);
function isCommonWord(f: string): boolean {
  return COMMON.has(f);
}

/** One message's names: the spans found so far and the tokens they use, each token used once. */
class NameReader {
  readonly out: Span[] = [];
  readonly used = new Set<number>();

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly prep: PreparedCues,
    private readonly lang: Language,
  ) {}

  /** A person's name after a strong cue (lowercase allowed), then after a weak one (capitalised): its last token. */
  personAt(i: number): number | undefined {
    for (const [list, needCapital] of [[this.prep.strong, false], [this.prep.weak, true]] as const) {
      for (const cue of list) {
        const last = this.personAfterCue(i, cue, needCapital);
        if (last !== undefined) return last;
      }
    }
    return undefined;
  }

  /** A company's name after a company cue: its last token. */
  companyAt(i: number): number | undefined {
    for (const cue of this.prep.company) {
      const n = matchPhrase(this.tokens, i, cue);
      if (!n) continue;
      const c = takeName(this.tokens, i + n, this.prep, true, false, 3);
      if (!c) continue;
      this.push('company', c[0], c[1]);
      return c[1];
    }
    return undefined;
  }

  private personAfterCue(i: number, cue: Phrase, needCapital: boolean): number | undefined {
    const n = matchPhrase(this.tokens, i, cue);
    if (!n) return undefined;
    const span = takeName(this.tokens, i + n, this.prep, needCapital, !needCapital && this.lang !== 'en');
    if (!span) return undefined;
    const company = this.companyLinkedAt(span[1] + 1);
    // Bare articles ("o Lennon") only cue a name when a company follows ("o Lennon da Acme") or at message start.
    const bareArticle = cue.text === 'o' || cue.text === 'a';
    if (bareArticle && company === undefined && i !== 0) return undefined;
    this.push('person', span[0], span[1]);
    if (company !== undefined) {
      const c = takeName(this.tokens, company, this.prep, true, false, 3);
      if (c) this.push('company', c[0], c[1]);
    }
    return span[1];
  }

  /** Where a company's name starts when tokens[at] links it to the person before ("da Acme", "from Acme"). */
  private companyLinkedAt(at: number): number | undefined {
    const link = this.tokens[at];
    const linked = link && this.prep.cues.companyAfterPerson.includes(link.folded) && isNameWord(this.tokens[at + 1], this.prep.stop, true);
    return linked ? at + 1 : undefined;
  }

  private push(type: 'person' | 'company', a: number, b: number): void {
    for (let k = a; k <= b; k++) if (this.used.has(k)) return;
    for (let k = a; k <= b; k++) this.used.add(k);
    const start = this.tokens[a].start;
    const end = this.tokens[b].end;
    const surface = this.text.slice(start, end);
    this.out.push({ type, value: surface, text: surface, start, end });
  }
}

export function extractNames(text: string, folded: string, lang: Language): Span[] {
  const tokens = tokenize(text, folded);
  const reader = new NameReader(text, tokens, preparedCues(lang), lang);
  for (let i = 0; i < tokens.length; i++) {
    if (reader.used.has(i)) continue;
    const last = reader.personAt(i) ?? reader.companyAt(i);
    if (last !== undefined) i = last;
  }
  return reader.out;
}
