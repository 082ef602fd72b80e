// The shape of a guardrail rule. Patterns run on accent-folded, lowercase, punctuation-free text (see
// normalize.ts), so they are written without accents: "instrucoes", "voce", "nao". Each rule is narrow on
// purpose (an ordinary question must pass); words are matched whole (\b). No rule names a bot: a bot's own name
// is read as the language's word for "assistant" (see ASSISTANT_WORD), so "<name> idiota" is an insult to it; nor a
// bot's domain: the institutions, programs and exams a bot speaks of (its `guardrails.institutions`) are read as
// INSTITUTION_WORD, which a rule may except ("a lista de usuarios do <institution>" asks about it, not for data).

export type GuardrailCategory = 'prompt_injection' | 'abuse' | 'self_harm' | 'data_fishing';
export type RuleLanguage = 'pt' | 'es' | 'vi' | 'en' | 'any';

export const GUARDRAIL_CATEGORIES: readonly GuardrailCategory[] = ['self_harm', 'prompt_injection', 'data_fishing', 'abuse'];

export interface Rule {
  id: string;
  category: GuardrailCategory;
  lang: RuleLanguage;
  /** Matched against the words view and its squeezed variant. */
  re?: RegExp;
  /** Matched against the raw view (punctuation kept). */
  raw?: RegExp;
  /** Phrases matched against the squashed view (no spaces): long enough never to occur by accident. */
  squashed?: string[];
  /** Matched against the ORIGINAL text (case-sensitive), e.g. the acronym "DAN". */
  original?: RegExp;
  /** A second condition on the words view: the rule fires only when this matches too. */
  requires?: RegExp;
}

/** The word each language's rules use for the bot itself; a bot's name is replaced by it before matching. */
export const ASSISTANT_WORD: Record<Exclude<RuleLanguage, 'any'>, string> = { pt: 'assistente', es: 'asistente', en: 'assistant', vi: 'tro ly' };

/** The word a bot's institutions are read as: no word of any language, so a rule's exception for it holds only for them. */
export const INSTITUTION_WORD = 'orgaopublico';

export const r = (source: string) => new RegExp(source);
/** Up to four filler words ("ignore todas as suas ... instrucoes"). */
export const GAP = '(?:\\w+ ){0,4}?';
