// The guardrail rule set: one module per language, plus rules that read the same in every language.
import { ANY_RULES } from './any.ts';
import { EN_RULES } from './en.ts';
import { ES_RULES } from './es.ts';
import { PT_RULES } from './pt.ts';
import type { GuardrailCategory, Rule } from './types.ts';
import { VI_RULES } from './vi.ts';

export * from './types.ts';

export const RULES: Rule[] = [...PT_RULES, ...ES_RULES, ...VI_RULES, ...EN_RULES, ...ANY_RULES];

/** Checked in this order: the first category that matches wins (self-harm first, so help comes first). */
export const CATEGORY_PRIORITY: GuardrailCategory[] = ['self_harm', 'prompt_injection', 'data_fishing', 'abuse'];
