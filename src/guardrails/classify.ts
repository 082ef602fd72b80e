// classifyInput: local, rule-based SAFE/UNSAFE verdict for a user message (no network, microseconds).
import { normaliseForGuardrails } from './normalize.ts';
import { CATEGORY_PRIORITY, RULES, type GuardrailCategory, type Rule } from './rules.ts';

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

export function classifyInput(text: string, lang: GuardrailLanguage = 'pt'): GuardrailVerdict {
  if (typeof text !== 'string' || text.trim() === '') return { verdict: 'SAFE' };
  const original = text.slice(0, MAX_INPUT);
  const views = normaliseForGuardrails(original);
  let rules = CACHE.get(lang);
  if (!rules) CACHE.set(lang, (rules = rulesFor(lang)));

  for (const category of CATEGORY_PRIORITY) {
    for (const rule of rules.get(category) ?? []) {
      const hit =
        (rule.re && (rule.re.test(views.words) || rule.re.test(views.squeezed))) ||
        (rule.raw && rule.raw.test(views.raw)) ||
        (rule.original && rule.original.test(original)) ||
        (rule.squashed && rule.squashed.some((p) => views.squashed.includes(p)));
      if (hit && (!rule.requires || rule.requires.test(views.words))) return { verdict: 'UNSAFE', category, reason: REASONS[category], rule: rule.id };
    }
  }
  return { verdict: 'SAFE' };
}
