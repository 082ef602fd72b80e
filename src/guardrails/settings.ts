// bot.yaml `guardrails:` — `true` turns the shared rules on; an object adds the bot's own names and patterns.
import { z } from 'zod';
import { regexProblem } from '../text/index.ts';
import { GUARDRAIL_CATEGORIES, type GuardrailCategory } from './rules/index.ts';

/** A bot's pattern: valid, and safe to run on any message (src/text/regex.ts); matched case-insensitively. */
const pattern = z.string().superRefine((source, ctx) => {
  const problem = regexProblem(source, 'i');
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const guardrailsSchema = z.union([
  z.boolean(),
  z.strictObject({
    enabled: z.boolean().default(true),
    /** Other names the bot answers to (its `name` always counts). */
    names: z.array(z.string().min(2)).default([]),
    /**
     * The institutions, programs and exams the bot's domain speaks of ("Sisu", "ENEM"): "a senha do ENEM" or "os
     * usuários do Sisu" is a question about them, not a request for someone's data.
     */
    institutions: z.array(z.string().min(2)).default([]),
    /** The bot's own patterns per category, e.g. `abuse: ['\\bpalavra\\b']` (matched without accents, any case). */
    patterns: z.partialRecord(z.enum(GUARDRAIL_CATEGORIES as [GuardrailCategory, ...GuardrailCategory[]]), z.array(pattern)).default({}),
  }),
]);

export type GuardrailsSetting = z.infer<typeof guardrailsSchema>;

export interface GuardrailSettings {
  enabled: boolean;
  names: string[];
  institutions: string[];
  patterns: Partial<Record<GuardrailCategory, string[]>>;
}

/** The setting as one shape, with the bot's name among its names. */
export function guardrailSettings(setting: GuardrailsSetting, botName: string): GuardrailSettings {
  const names = botName ? [botName] : [];
  if (typeof setting === 'boolean') return { enabled: setting, names, institutions: [], patterns: {} };
  return { enabled: setting.enabled, names: [...names, ...setting.names], institutions: setting.institutions, patterns: setting.patterns };
}
