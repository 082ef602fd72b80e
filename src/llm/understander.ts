// LLM understanding (seed 000's triage): one structured-output call per turn that picks the
// intents from the bot's catalog, with the active flows as a [CONTEXTO: …] block so that "sim" or
// "19:00" continue a booking. Falls back to the local understander when the model fails.
import { z } from 'zod';
import type { ActiveFlowContext, IntentScore, Understander, UnderstandInput, Understanding } from '../nlu/types.ts';
import type { ModelClient } from './client.ts';
import { isModelFailure } from './errors.ts';
import { toLanguage } from '../nlu/index.ts';
import { transcript, wording, type BotLanguage } from './language.ts';
import type { ChatMessage } from './messages.ts';
import type { CallTrace } from './trace.ts';

export interface IntentCatalogEntry {
  id: string;
  label?: string;
  description?: string;
  examples?: string[];
}

export interface LlmBotProfile {
  intents: IntentCatalogEntry[];
  fallback: string;
  exclusive: string[];
  multiIntent: boolean;
  persona?: string;
  language: BotLanguage;
}

/** The input an LLM-backed understander accepts: the usual input plus where to record model calls. */
export interface LlmUnderstandInput extends UnderstandInput {
  trace?: CallTrace[];
}

/** An Understanding that may say why the model's answer was not used. */
export interface LlmUnderstanding extends Understanding {
  note?: string;
}

export interface LlmUnderstander extends Understander {
  understand(input: LlmUnderstandInput): Promise<LlmUnderstanding>;
}

/** What the model may say besides intents: a request for a person, out of scope, small talk, or none. */
const SKILL_OPTIONS = ['none', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'] as const;

/** Confidence given to the intents the model picks (it reports none). */
export const LLM_CONFIDENCE = 0.9;
const EXAMPLES_PER_INTENT = 4;

export function triageSchema(intentIds: readonly string[]) {
  if (intentIds.length === 0) throw new Error('the intent catalog is empty');
  return z.object({
    intents: z.array(z.enum(intentIds as [string, ...string[]])).describe('the intent ids of the message, best first'),
    // A plain required string ('' when unused) is the one shape every provider's schema dialect takes.
    general_response: z.string().default('').describe('a short friendly reply, only when the fallback intent is chosen; otherwise an empty string'),
    // The runtime's built-in skills (src/skills): 'none' when the message is the bot's business.
    skill: z.enum(SKILL_OPTIONS).default('none').describe('a built-in skill the message calls for, else none'),
  });
}

export type TriageResult = z.infer<ReturnType<typeof triageSchema>>;

export function createLlmUnderstander(deps: { client: ModelClient; bot: LlmBotProfile; local?: Understander }): LlmUnderstander {
  const { client, bot, local } = deps;
  const schema = triageSchema(bot.intents.map((i) => i.id));
  const language = toLanguage(bot.language);
  const system = triageSystemPrompt(bot);

  return {
    async understand(input) {
      const localResult = local ? local.understand(input).catch(() => undefined) : Promise.resolve(undefined);
      const messages: ChatMessage[] = [
        { role: 'system', content: system },
        { role: 'user', content: triageUserContent(input, bot.language) },
      ];
      let answer: TriageResult;
      try {
        answer = await client.structured(schema, messages, { purpose: 'understand', trace: input.trace, name: 'triage' });
      } catch (err) {
        if (!isModelFailure(err)) throw err;
        return fallbackUnderstanding(await localResult, bot, language, `model not used: ${err.message}`);
      }
      const intents = applyIntentRules(answer.intents, bot);
      const localUnderstanding = await localResult;
      const generalResponse = answer.general_response?.trim();
      return {
        intents: intents.map((id) => ({ id, confidence: LLM_CONFIDENCE })),
        entities: localUnderstanding?.entities ?? [],
        language,
        source: 'llm',
        ...(generalResponse ? { generalResponse } : {}),
        ...(answer.skill && answer.skill !== 'none' ? { skill: { kind: answer.skill, confidence: LLM_CONFIDENCE } } : {}),
        ...(localUnderstanding?.scores ? { scores: localUnderstanding.scores } : {}),
      };
    },
  };
}

/** Exclusivity (an exclusive intent never shares the turn), single-label mode, empty → fallback. */
export function applyIntentRules(chosen: readonly string[], bot: Pick<LlmBotProfile, 'fallback' | 'exclusive' | 'multiIntent' | 'intents'>): string[] {
  const known = new Set(bot.intents.map((i) => i.id));
  let ids = [...new Set(chosen)].filter((id) => known.has(id));
  const exclusive = new Set(bot.exclusive);
  const inclusive = ids.filter((id) => !exclusive.has(id));
  if (inclusive.length > 0) ids = inclusive;
  else if (ids.length > 1) ids = ids.slice(0, 1);
  if (!bot.multiIntent) ids = ids.slice(0, 1);
  return ids.length ? ids : [bot.fallback];
}

function fallbackUnderstanding(local: Understanding | undefined, bot: LlmBotProfile, language: Understanding['language'], note: string): LlmUnderstanding {
  if (local) return { ...local, source: 'local', note };
  const fallback: IntentScore = { id: bot.fallback, confidence: 0 };
  return { intents: [fallback], entities: [], language, source: 'local', unsure: true, note };
}

export function triageSystemPrompt(bot: LlmBotProfile): string {
  const w = wording(bot.language);
  const catalog = bot.intents
    .map((intent) => {
      const head = `- ${intent.id}${intent.label ? ` (${intent.label})` : ''}${intent.description ? `: ${intent.description}` : ''}`;
      const examples = (intent.examples ?? []).slice(0, EXAMPLES_PER_INTENT);
      return examples.length ? `${head}\n  examples: ${examples.map((e) => JSON.stringify(e)).join(', ')}` : head;
    })
    .join('\n');
  const exclusive = bot.exclusive.length
    ? `- These intents always stand alone, never together with another intent: ${bot.exclusive.join(', ')}.`
    : null;
  const cardinality = bot.multiIntent
    ? '- A message may carry several intents ("I want to book and where are you?" → both): list every one that applies, best first.'
    : '- Choose exactly one intent: the best one.';
  return [
    bot.persona ? `Persona of the assistant: ${bot.persona}` : null,
    'You classify the latest customer message of a customer-service chat into the intents below.',
    '',
    'Intents:',
    catalog,
    '',
    'Rules:',
    cardinality,
    exclusive,
    `- Use "${bot.fallback}" when nothing else applies (greetings, thanks, off-topic).`,
    `- Only when "${bot.fallback}" is chosen, write general_response: a short friendly reply in ${w.name}, in the persona's voice; otherwise general_response is "".`,
    '- skill: "human" when the customer asks for a person (a human, an attendant, the owner), "out_of_scope" when the message is none of this business (weather, sport, jokes, arithmetic, other businesses, gibberish), "greeting", "thanks", "acknowledge" ("ok", "got it"), "goodbye" or "bot_question" ("are you a bot?") for small talk and nothing else; otherwise "none".',
    '- A [CONTEXTO: …] block says the customer is in the middle of a flow. A short answer ("yes", a date, a time, a name) continues that flow: choose the intent that owns it. A clearly new question still gets its own intent, and a message can do both.',
    '- Answer only with the structured output.',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** Seed 000's user content: the [CONTEXTO: …] blocks of active flows, recent history, the message. */
export function triageUserContent(input: UnderstandInput, language: BotLanguage | string): string {
  const w = wording(language);
  const parts: string[] = [];
  for (const flow of input.flows) parts.push(`[CONTEXTO: ${flowDescription(flow)}]`);
  const history = transcript(input.history, language);
  if (history) parts.push(`${w.history}:\n${history}`);
  parts.push(`${w.lastMessage}: ${input.text}`);
  return parts.join('\n\n');
}

function flowDescription(flow: ActiveFlowContext): string {
  if (flow.description?.trim()) return flow.description.trim();
  return `flow "${flow.flow}" (intent ${flow.intent}) is active, stage: ${flow.stage}${flow.expects?.length ? `, waiting for: ${flow.expects.join(', ')}` : ''}`;
}
