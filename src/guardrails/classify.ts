// classifyInput: local, rule-based SAFE/UNSAFE verdict for a user message (no network, microseconds).
import { foldDiacritics } from '../text/index.ts';
import { normaliseForGuardrails } from './normalize.ts';
import { ASSISTANT_WORD, CATEGORY_PRIORITY, INSTITUTION_WORD, RULES, type GuardrailCategory, type Rule } from './rules/index.ts';

export type GuardrailLanguage = 'pt' | 'es' | 'vi' | 'en';

export interface GuardrailVerdict {
  verdict: 'SAFE' | 'UNSAFE';
  category?: GuardrailCategory;
  /** Human-readable why, for moderation logs (English). */
  reason?: string;
  /** Id of the rule that matched, e.g. 'pt.injection.ignore_instructions'. */
  rule?: string;
}

const MAX_INPUT = 8000;

const REASONS: Record<GuardrailCategory, string> = {
  prompt_injection: 'attempt to override or reveal the assistant instructions',
  abuse: 'insult, slur or threat',
  self_harm: 'self-harm or suicide risk',
  data_fishing: 'request for other users data, credentials or database contents',
};

function rulesFor(lang: GuardrailLanguage): Map<GuardrailCategory, Rule[]> {
  // English patterns apply everywhere: injection recipes circulate in English whatever the bot's language.
  const wanted = new Set<string>([lang, 'any', 'en']);
  const byCategory = new Map<GuardrailCategory, Rule[]>();
  for (const c of CATEGORY_PRIORITY) byCategory.set(c, RULES.filter((r) => r.category === c && wanted.has(r.lang)));
  return byCategory;
}

const CACHE = new Map<GuardrailLanguage, Map<GuardrailCategory, Rule[]>>();

/** What a bot adds to the shared rules (bot.yaml `guardrails:`). */
export interface GuardrailExtras {
  /** The bot's own names: read as the language's word for the assistant, so insults and persona swaps aimed at it match. */
  names?: string[];
  /** The institutions, programs and exams the bot speaks of: read as INSTITUTION_WORD, which rules may except. */
  institutions?: string[];
  /** The bot's own patterns per category (regexes over the folded words view: lowercase, no accents). */
  patterns?: Partial<Record<GuardrailCategory, string[]>>;
}

/** A classifier for one bot: the shared rules of its language plus its names and patterns, compiled once. */
export function createGuardrail(lang: GuardrailLanguage, extras: GuardrailExtras = {}): (text: string) => GuardrailVerdict {
  // The bot's names read as the assistant, its institutions as the institution word.
  const renames = [
    [wordsRe(extras.names), ASSISTANT_WORD[lang]],
    [wordsRe(extras.institutions), INSTITUTION_WORD],
  ].filter((pair): pair is [RegExp, string] => pair[0] !== null);
  const rules = new Map(rulesOf(lang));
  for (const [category, sources] of Object.entries(extras.patterns ?? {}) as [GuardrailCategory, string[]][]) {
    const own = sources.map((source, i): Rule => ({ id: `bot.${category}.${i + 1}`, category, lang, re: new RegExp(stripAccents(source), 'i') }));
    rules.set(category, [...(rules.get(category) ?? []), ...own]);
  }
  const rename = renames.length ? (words: string) => renames.reduce((out, [re, word]) => out.replace(re, word), words) : null;
  return (text) => classify(text, rules, rename);
}

/** A pattern matching any of `words` whole in the folded views, or null for none. */
function wordsRe(words: string[] = []): RegExp | null {
  const folded = new Set(words.flatMap((w) => [normaliseForGuardrails(w).words, normaliseForGuardrails(w).squeezed]).filter((w) => w.length > 1));
  return folded.size ? new RegExp(`\\b(?:${[...folded].map(escapeRegExp).join('|')})\\b`, 'g') : null;
}

export function classifyInput(text: string, lang: GuardrailLanguage = 'pt'): GuardrailVerdict {
  return classify(text, rulesOf(lang), null);
}

function rulesOf(lang: GuardrailLanguage): Map<GuardrailCategory, Rule[]> {
  let rules = CACHE.get(lang);
  if (!rules) CACHE.set(lang, (rules = rulesFor(lang)));
  return rules;
}

function classify(text: string, rules: Map<GuardrailCategory, Rule[]>, rename: ((words: string) => string) | null): GuardrailVerdict {
  if (typeof text !== 'string' || text.trim() === '') return { verdict: 'SAFE' };
  const original = text.slice(0, MAX_INPUT);
  const views = normaliseForGuardrails(original);
  if (rename) {
    views.words = rename(views.words);
    views.squeezed = rename(views.squeezed);
  }
  for (const category of CATEGORY_PRIORITY) {
    const rule = (rules.get(category) ?? []).find((r) => matches(r, views, original));
    if (rule) return { verdict: 'UNSAFE', category, reason: REASONS[category], rule: rule.id };
  }
  return { verdict: 'SAFE' };
}

type Views = ReturnType<typeof normaliseForGuardrails>;

/** A rule matches when any of its patterns hits its view of the text, and the words carry what it requires. */
function matches(rule: Rule, views: Views, original: string): boolean {
  const hit =
    (rule.re && (rule.re.test(views.words) || rule.re.test(views.squeezed))) ||
    (rule.raw && rule.raw.test(views.raw)) ||
    (rule.original && rule.original.test(original)) ||
    (rule.squashed && rule.squashed.some((p) => views.squashed.includes(p)));
  return Boolean(hit && (!rule.requires || rule.requires.test(views.words)));
}

/** A bot author's pattern without accents, like the text it runs on (case is ignored by the 'i' flag). */
function stripAccents(source: string): string {
  return foldDiacritics(source);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
