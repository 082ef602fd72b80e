// switchboard augment <bot> [--intent ID…] [--count N] [--model SPEC] | --accept
// Asks the bot's model (or --model / SWITCHBOARD_MODEL) for paraphrases of its intents' examples, screens them,
// shows the cross-validated accuracy of local understanding before and after, and writes a review file; with
// --accept, the reviewed paraphrases join bot.yaml.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandArgs } from '../args.ts';
import { defaultBotsDir, readBotConfig, type BotConfig } from '../../bot/index.ts';
import { createModelClient, effectiveModelSpec, type ModelClient } from '../../llm/index.ts';
import { crossValidate, labelEvidence, toLanguage } from '../../nlu/index.ts';
import { acceptIntoBotYaml, proposeParaphrases, readReview, removeReview, reviewPath, reviewText, screenProposals, type Proposal, type Rejection } from '../../augment/index.ts';

const USAGE = `Usage: switchboard augment <bot> [options]

Asks a model for varied paraphrases of the bot's intent examples (slang, typos, short and long, questions and
statements, in the bot's language), drops the ones that repeat an example or read like another intent, and
writes them to bots/<bot>/augment.review.yaml with the cross-validated accuracy of local understanding before
and after. Delete what you don't want from that file, then accept the rest into bot.yaml with --accept.

Options:
  --intent ID    only this intent (repeatable); default: every intent with examples
  --count N      paraphrases asked per intent (default 15, at most 50)
  --model SPEC   the model to ask (e.g. openai:gpt-4o-mini); default: the bot's model or SWITCHBOARD_MODEL
  --accept       append the review file's paraphrases to bot.yaml and delete the review file`;

export interface AugmentCommandOptions {
  env?: NodeJS.ProcessEnv;
  botsDir?: string;
  log?: (line: string) => void;
}

export async function run(argv: string[], opts: AugmentCommandOptions = {}): Promise<number> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line: string) => console.log(line));
  const fail = (msg: string, code = 2) => {
    console.error(`switchboard augment: ${msg}`);
    return code;
  };
  const args = commandArgs('augment', USAGE, argv, {
    allowPositionals: true,
    options: {
      intent: { type: 'string', multiple: true },
      count: { type: 'string', default: '15' },
      model: { type: 'string' },
      accept: { type: 'boolean', default: false },
    },
  });
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  if (positionals.length !== 1) return fail(`name one bot\n\n${USAGE}`);
  const botDir = join(opts.botsDir ?? defaultBotsDir, positionals[0]);
  if (!existsSync(join(botDir, 'bot.yaml'))) return fail(`no bot '${positionals[0]}' (no ${join(botDir, 'bot.yaml')})`);
  let config: BotConfig;
  try {
    config = readBotConfig(botDir);
  } catch (err) {
    return fail((err as Error).message);
  }
  if (values.accept) return accept(botDir, config, log, fail);

  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 50) return fail(`--count must be a whole number from 1 to 50 (got '${values.count}')`);
  const chosen = values.intent ?? Object.keys(config.intents).filter((id) => config.intents[id].examples.length > 0);
  const unknown = chosen.filter((id) => !config.intents[id]);
  if (unknown.length) return fail(`unknown intent(s): ${unknown.join(', ')} (the bot has: ${Object.keys(config.intents).join(', ')})`);
  const empty = chosen.filter((id) => config.intents[id].examples.length === 0);
  if (empty.length) return fail(`no examples to paraphrase in: ${empty.join(', ')} (write a few first)`);
  const spec = values.model ?? effectiveModelSpec(config.model, env);
  let client: ModelClient | null;
  try {
    client = createModelClient(spec, env, { timeoutMs: Number(env.SWITCHBOARD_LLM_TIMEOUT_MS) || 60_000 });
  } catch (err) {
    return fail(`model '${spec}' unavailable: ${(err as Error).message}`);
  }
  if (!client) return fail(`augmenting needs a model: the bot's model is 'local'; pass --model SPEC or set SWITCHBOARD_MODEL`);

  const lang = toLanguage(config.language);
  const proposals: Proposal[] = [];
  const failed: string[] = [];
  for (const id of chosen) {
    const intent = config.intents[id];
    log(`[${config.id}] ${id}: asking ${spec} for ${count} paraphrases…`);
    try {
      const texts = await proposeParaphrases(client, { id, label: intent.label, description: intent.description, examples: intent.examples }, config.language, count);
      proposals.push(...texts.map((text) => ({ intent: id, text })));
    } catch (err) {
      failed.push(id);
      log(`[${config.id}] ${id}: the model failed (${(err as Error).message})`);
    }
  }
  const { kept, rejected } = screenProposals(proposals, config.intents, lang);
  for (const r of rejected) log(`  dropped (${r.reason}): [${r.intent}] ${r.text}`);
  if (!kept.length) {
    log(`[${config.id}] no new paraphrases to review`);
    return failed.length ? 1 : 0;
  }
  // As the runtime trains: the examples, plus the labels of intents with few (training only, like the paraphrases).
  const examples = Object.entries(config.intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
  const labels = labelEvidence(config.intents);
  const fallback = config.understanding.fallback;
  const wordVectors = config.understanding.wordVectors;
  const before = crossValidate(examples, lang, 5, fallback, labels, wordVectors);
  const after = crossValidate(examples, lang, 5, fallback, [...labels, ...kept], wordVectors);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const summary = `cross-validated accuracy of local understanding (${before.folds} folds, ${before.n} examples): ${pct(before.accuracy)} now, ${pct(after.accuracy)} with these ${kept.length} paraphrases`;
  const file = reviewPath(botDir);
  writeFileSync(
    file,
    reviewText(kept, [
      `switchboard augment: paraphrases proposed by ${spec} for ${config.id} (${new Date().toISOString().slice(0, 10)}).`,
      `${summary[0].toUpperCase()}${summary.slice(1)}.`,
      `Delete the ones that are wrong or unnatural, then: npx switchboard augment ${config.id} --accept`,
      ...rejectedSummary(rejected),
    ]),
  );
  log(`[${config.id}] ${kept.length} paraphrases to review in ${file} (${rejected.length} dropped${failed.length ? `; no answer for ${failed.join(', ')}` : ''})`);
  log(`[${config.id}] ${summary}`);
  return failed.length ? 1 : 0;
}

function rejectedSummary(rejected: Rejection[]): string[] {
  if (!rejected.length) return [];
  const reasons = new Map<string, number>();
  for (const r of rejected) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  return [`Dropped ${rejected.length}: ${[...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ')}.`];
}

function accept(botDir: string, config: BotConfig, log: (line: string) => void, fail: (msg: string) => number): number {
  const file = reviewPath(botDir);
  if (!existsSync(file)) return fail(`nothing to accept: no ${file} (run switchboard augment ${config.id} first)`);
  let added: Record<string, number>;
  try {
    const proposals = readReview(file);
    const unknown = [...new Set(proposals.map((p) => p.intent).filter((id) => !config.intents[id]))];
    if (unknown.length) return fail(`${file} names intents bot.yaml doesn't have: ${unknown.join(', ')}`);
    added = acceptIntoBotYaml(botDir, proposals);
  } catch (err) {
    return fail((err as Error).message);
  }
  removeReview(botDir);
  const total = Object.values(added).reduce((a, b) => a + b, 0);
  log(`[${config.id}] ${total} example(s) added to bot.yaml${total ? `: ${Object.entries(added).map(([id, n]) => `${id} +${n}`).join(', ')}` : ''}`);
  return 0;
}
