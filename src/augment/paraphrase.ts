// Authoring-time example augmentation: the configured model proposes varied paraphrases of an intent's
// examples in the bot's language; what merely repeats an example, or reads like another intent's, is dropped.
import { z } from 'zod';
import { wording, type ModelClient } from '../llm/index.ts';
import { normalize, type Language } from '../nlu/index.ts';
import { trigramSimilarity, trigrams } from '../nlu/index.ts';

export interface IntentToAugment {
  id: string;
  label: string;
  description?: string;
  examples: string[];
}

export interface Proposal {
  intent: string;
  text: string;
}

export interface Rejection extends Proposal {
  reason: string;
}

/** Closer than this (character trigrams) to an existing example of the same intent: a copy, not a paraphrase. */
const SAME_INTENT_COPY = 0.85;
/** Closer than this to another intent's example: ambiguous, it would blur the two. */
const OTHER_INTENT_CLASH = 0.7;

const answerSchema = z.object({ paraphrases: z.array(z.string()) });

function paraphrasePrompt(intent: IntentToAugment, botLanguage: string, count: number): string {
  const shown = intent.examples.slice(0, 40);
  return [
    `You write training examples for the intent classifier of a customer-service chat bot.`,
    `Write ${count} new messages a customer could send that mean this intent, in ${wording(botLanguage).name}, as customers really type in a chat.`,
    ``,
    `Intent: ${intent.id} (${intent.label})${intent.description ? `\nWhat it means: ${intent.description}` : ''}`,
    `Its current examples:`,
    ...shown.map((e) => `- ${e}`),
    ``,
    `Vary them: short and long, questions and statements, formal and casual, chat slang and abbreviations, a few typos,`,
    `different words for the same things. Each must clearly mean this intent and nothing else; don't repeat or lightly`,
    `edit the examples above; no numbering. Answer with the JSON field "paraphrases" (a list of strings).`,
  ].join('\n');
}

/** Ask the model for paraphrases of one intent (one structured call). */
export async function proposeParaphrases(client: ModelClient, intent: IntentToAugment, botLanguage: string, count: number): Promise<string[]> {
  const answer = await client.structured(answerSchema, [{ role: 'user', content: paraphrasePrompt(intent, botLanguage, count) }], {
    purpose: 'augment',
    name: 'paraphrases',
  });
  return answer.paraphrases.map((p) => p.trim().replace(/^[-*•\d.)\s]+/, '').trim()).filter((p) => p.length > 0);
}

/**
 * Keep the proposals worth reviewing: not empty, not a repeat (after normalisation) of any intent's example or
 * of another proposal, not a near-copy of the intent's own examples, not closer to another intent's examples.
 */
export function screenProposals(proposals: Proposal[], intents: Record<string, { examples: string[] }>, lang: Language): { kept: Proposal[]; rejected: Rejection[] } {
  const seen = new Map<string, string>();
  const grams: { intent: string; grams: Set<string> }[] = [];
  for (const [intent, c] of Object.entries(intents)) {
    for (const text of c.examples) {
      const key = normalize(text, lang);
      if (!seen.has(key)) seen.set(key, intent);
      grams.push({ intent, grams: trigrams(key) });
    }
  }
  const kept: Proposal[] = [];
  const rejected: Rejection[] = [];
  for (const p of proposals) {
    const key = normalize(p.text, lang);
    if (!key) {
      rejected.push({ ...p, reason: 'empty after normalisation' });
      continue;
    }
    const owner = seen.get(key);
    if (owner !== undefined) {
      rejected.push({ ...p, reason: owner === p.intent ? 'already an example' : `already an example of ${owner}` });
      continue;
    }
    const g = trigrams(key);
    let sameBest = 0;
    let other = { intent: '', score: 0 };
    for (const e of grams) {
      const s = trigramSimilarity(g, e.grams);
      if (e.intent === p.intent) sameBest = Math.max(sameBest, s);
      else if (s > other.score) other = { intent: e.intent, score: s };
    }
    if (sameBest >= SAME_INTENT_COPY) rejected.push({ ...p, reason: 'a near-copy of an example' });
    else if (other.score >= OTHER_INTENT_CLASH && other.score > sameBest) rejected.push({ ...p, reason: `reads like ${other.intent}` });
    else {
      kept.push(p);
      seen.set(key, p.intent);
      grams.push({ intent: p.intent, grams: g });
    }
  }
  return { kept, rejected };
}
