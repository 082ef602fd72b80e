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
  const config = loadBot(botDir, positionals[0]);
  if (typeof config === 'string') return fail(config);
  if (values.accept) return accept(botDir, config, log);
  return augment(botDir, config, { count: values.count, intents: values.intent, model: values.model }, env, log);
}

/** Proposes, screens and writes the paraphrases for review; 1 when the model failed on an intent. */
async function augment(botDir: string, config: BotConfig, flags: { count?: string; intents?: string[]; model?: string }, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<number> {
  const request = paraphraseRequest(config, flags.count, flags.intents);
  if (typeof request === 'string') return fail(request);
  const spec = flags.model ?? effectiveModelSpec(config.model, env);
  const client = modelClient(spec, env);
  if (typeof client === 'string') return fail(client);

  const { proposals, failed } = await askForParaphrases(client, config, request, spec, log);
  const { kept, rejected } = screenProposals(proposals, config.intents, toLanguage(config.language));
  for (const r of rejected) log(`  dropped (${r.reason}): [${r.intent}] ${r.text}`);
  const exitCode = failed.length ? 1 : 0;
  if (!kept.length) {
    log(`[${config.id}] no new paraphrases to review`);
    return exitCode;
  }
  const summary = accuracySummary(config, kept);
  const file = writeReview(botDir, config, spec, summary, kept, rejected);
  log(`[${config.id}] ${kept.length} paraphrases to review in ${file} (${rejected.length} dropped${failed.length ? `; no answer for ${failed.join(', ')}` : ''})`);
  log(`[${config.id}] ${summary}`);
  return exitCode;
}

/** Prints a command-line error and gives the exit code of a usage error. */
function fail(msg: string): number {
  console.error(`switchboard augment: ${msg}`);
  return 2;
}

/** The bot's configuration, or why it can't be read. */
function loadBot(botDir: string, name: string): BotConfig | string {
  if (!existsSync(join(botDir, 'bot.yaml'))) return `no bot '${name}' (no ${join(botDir, 'bot.yaml')})`;
  try {
    return readBotConfig(botDir);
  } catch (err) {
    return (err as Error).message;
  }
}

interface ParaphraseRequest {
  /** Paraphrases asked per intent. */
  count: number;
  /** The intents to paraphrase. */
  intents: string[];
}

/** What --count and --intent ask for, checked against the bot; or what is wrong with them. */
function paraphraseRequest(config: BotConfig, countFlag: string | undefined, intentFlags: string[] | undefined): ParaphraseRequest | string {
  const count = Number(countFlag);
  if (!Number.isInteger(count) || count < 1 || count > 50) return `--count must be a whole number from 1 to 50 (got '${countFlag}')`;
  const intents = intentFlags ?? Object.keys(config.intents).filter((id) => config.intents[id].examples.length > 0);
  const unknown = intents.filter((id) => !config.intents[id]);
  if (unknown.length) return `unknown intent(s): ${unknown.join(', ')} (the bot has: ${Object.keys(config.intents).join(', ')})`;
  const empty = intents.filter((id) => config.intents[id].examples.length === 0);
  if (empty.length) return `no examples to paraphrase in: ${empty.join(', ')} (write a few first)`;
  return { count, intents };
}

/** The client of the model named by `spec`, or why there is none. */
function modelClient(spec: string, env: NodeJS.ProcessEnv): ModelClient | string {
  let client: ModelClient | null;
  try {
    client = createModelClient(spec, env, { timeoutMs: Number(env.SWITCHBOARD_LLM_TIMEOUT_MS) || 60_000 });
  } catch (err) {
    return `model '${spec}' unavailable: ${(err as Error).message}`;
  }
  return client ?? `augmenting needs a model: the bot's model is 'local'; pass --model SPEC or set SWITCHBOARD_MODEL`;
}

/** Asks the model for each intent's paraphrases in turn; an intent the model fails on is named in `failed`. */
async function askForParaphrases(client: ModelClient, config: BotConfig, request: ParaphraseRequest, spec: string, log: (line: string) => void): Promise<{ proposals: Proposal[]; failed: string[] }> {
  const proposals: Proposal[] = [];
  const failed: string[] = [];
  for (const id of request.intents) {
    const intent = config.intents[id];
    log(`[${config.id}] ${id}: asking ${spec} for ${request.count} paraphrases…`);
    try {
      const texts = await proposeParaphrases(client, { id, label: intent.label, description: intent.description, examples: intent.examples }, config.language, request.count);
      proposals.push(...texts.map((text) => ({ intent: id, text })));
    } catch (err) {
      failed.push(id);
      log(`[${config.id}] ${id}: the model failed (${(err as Error).message})`);
    }
  }
  return { proposals, failed };
}

/** The cross-validated accuracy of local understanding without and with the kept paraphrases, as one sentence. */
function accuracySummary(config: BotConfig, kept: Proposal[]): string {
  // As the runtime trains: the examples, plus the labels of intents with few (training only, like the paraphrases).
  const examples = Object.entries(config.intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
  const labels = labelEvidence(config.intents);
  const lang = toLanguage(config.language);
  const { fallback, wordVectors } = config.understanding;
  const before = crossValidate(examples, lang, 5, fallback, labels, wordVectors);
  const after = crossValidate(examples, lang, 5, fallback, [...labels, ...kept], wordVectors);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return `cross-validated accuracy of local understanding (${before.folds} folds, ${before.n} examples): ${pct(before.accuracy)} now, ${pct(after.accuracy)} with these ${kept.length} paraphrases`;
}

/** Writes the review file of the kept paraphrases and gives its path. */
function writeReview(botDir: string, config: BotConfig, spec: string, summary: string, kept: Proposal[], rejected: Rejection[]): string {
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
  return file;
}

function rejectedSummary(rejected: Rejection[]): string[] {
  if (!rejected.length) return [];
  const reasons = new Map<string, number>();
  for (const r of rejected) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  return [`Dropped ${rejected.length}: ${[...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ')}.`];
}

function accept(botDir: string, config: BotConfig, log: (line: string) => void): number {
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
