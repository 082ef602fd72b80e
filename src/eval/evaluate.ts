// `switchboard eval`: for every bot with a conversations.yaml (or the ones named), start the real server
// over a throwaway PGlite, play the conversations over HTTP, and add up the results. For ct-smash the
// model comparison reruns the same conversations with local, cascade and llm understanding (the last two
// against the scripted oracle model).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultBotsDir, readBotConfig } from '../bot/index.ts';
import { understandingMode } from '../engine/index.ts';
import { effectiveModelSpec } from '../llm/index.ts';
import { checkIntents, ConversationFileError, conversationsPath, hasConversations, loadConversations, type ConversationFile } from './conversations.ts';
import { computeMetrics, type BotMetrics } from './metrics.ts';
import { startOracle, type Oracle } from './oracle.ts';
import { runConversations, type BotRun } from './runner.ts';
import { startEvalServer } from './server.ts';

export type UnderstandingMode = 'local' | 'cascade' | 'llm';

export interface BotEvaluation {
  bot: string;
  file: string;
  /** How the bot understood: local, or the mode and the model. */
  understanding: string;
  model: string;
  metrics?: BotMetrics;
  run?: BotRun;
  /** A problem that kept the bot from being evaluated (invalid file, start-up failure). */
  error?: string;
}

interface ModelComparisonRow {
  mode: UnderstandingMode;
  model: string;
  metrics: BotMetrics;
}

export interface ModelComparison {
  bot: string;
  rows: ModelComparisonRow[];
  note: string;
}

export interface EvalReport {
  startedAt: string;
  durationMs: number;
  bots: BotEvaluation[];
  comparisons: ModelComparison[];
  ok: boolean;
}

export interface EvalOptions {
  /** Only these bots (default: every bot with a conversations.yaml). */
  bots?: string[];
  botsDir?: string;
  /** Force an understanding mode; llm/cascade without a configured model use the scripted oracle. */
  understanding?: UnderstandingMode;
  /** Rerun with local, cascade and llm (oracle) for these bots; default: ct-smash when it is evaluated. */
  compareModels?: boolean | string[];
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

const COMPARE_BY_DEFAULT = ['ct-smash'];

/** Bots that have a conversations file, sorted. */
export function botsWithConversations(botsDir = defaultBotsDir): string[] {
  return readdirSync(botsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && hasConversations(botsDir, d.name))
    .map((d) => d.name)
    .sort();
}

export async function runEval(opts: EvalOptions = {}): Promise<EvalReport> {
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const botsDir = opts.botsDir ?? defaultBotsDir;
  const log = opts.log ?? (() => {});
  const available = botsWithConversations(botsDir);
  const wanted = opts.bots?.length ? opts.bots : available;
  const bots: BotEvaluation[] = [];
  for (const bot of wanted) {
    if (!available.includes(bot)) {
      bots.push({ bot, file: conversationsPath(botsDir, bot), understanding: '-', model: '-', error: `no conversation tests: ${conversationsPath(botsDir, bot)} does not exist` });
      continue;
    }
    log(`▶ ${bot}: playing conversations…`);
    bots.push(await evaluateBot(bot, botsDir, opts));
  }

  const compare = opts.compareModels === false ? [] : Array.isArray(opts.compareModels) ? opts.compareModels : COMPARE_BY_DEFAULT;
  const comparisons: ModelComparison[] = [];
  for (const bot of compare.filter((b) => bots.some((e) => e.bot === b && !e.error))) {
    log(`▶ ${bot}: comparing local, cascade and llm (scripted oracle model)…`);
    comparisons.push(await compareModels(bot, botsDir, opts.env ?? process.env));
  }
  const ok = bots.length > 0 && bots.every((b) => !b.error && b.metrics && b.metrics.turns.failed === 0);
  return { startedAt, durationMs: performance.now() - t0, bots, comparisons, ok };
}

async function evaluateBot(bot: string, botsDir: string, opts: EvalOptions): Promise<BotEvaluation> {
  const file = conversationsPath(botsDir, bot);
  let conversations: ConversationFile;
  try {
    conversations = loadConversations(file);
  } catch (err) {
    return { bot, file, understanding: '-', model: '-', error: (err as Error).message };
  }
  const env: NodeJS.ProcessEnv = { ...(opts.env ?? process.env) };
  if (opts.understanding) env.SWITCHBOARD_UNDERSTANDING = opts.understanding;
  let oracle: Oracle | undefined;
  try {
    const configured = effectiveModelSpec(readBotConfig(join(botsDir, bot)).model, env) !== 'local';
    if (opts.understanding && opts.understanding !== 'local' && !configured) {
      // No model is configured: the requested mode runs against the scripted oracle.
      oracle = await startOracle();
      return { bot, file, ...(await playBot(bot, botsDir, conversations, oracle.env(opts.understanding, env), oracle, 'scripted oracle')) };
    }
    return { bot, file, ...(await playBot(bot, botsDir, conversations, env)) };
  } catch (err) {
    return { bot, file, understanding: opts.understanding ?? '-', model: '-', error: err instanceof ConversationFileError ? err.message : `could not run: ${(err as Error).stack ?? err}` };
  } finally {
    await oracle?.close();
  }
}

async function playBot(
  bot: string,
  botsDir: string,
  file: ConversationFile,
  env: NodeJS.ProcessEnv,
  oracle?: Oracle,
  modelLabel?: string,
  withModels = true,
): Promise<{ understanding: string; model: string; metrics: BotMetrics; run: BotRun }> {
  const server = await startEvalServer({ only: [bot], botsDir, env, withModels });
  try {
    const loaded = server.runtime.bot(bot);
    checkIntents(file, Object.keys(loaded.intents));
    const model = loaded.model ? (modelLabel ?? loaded.model.spec) : 'local';
    const mode = understandingMode(loaded.config, loaded.model !== null, env);
    const run = await runConversations(server, bot, file, {
      collectModelCalls: true,
      beforeUserTurn: oracle ? (t) => oracle.expect(t.text, t.expect.intents) : undefined,
    });
    return { understanding: mode, model, metrics: computeMetrics(run, Object.keys(loaded.intents)), run };
  } finally {
    await server.close();
  }
}

/** Issue 6: the same conversations with local, cascade and llm understanding (the oracle as the model). */
async function compareModels(bot: string, botsDir: string, baseEnv: NodeJS.ProcessEnv): Promise<ModelComparison> {
  const file = loadConversations(conversationsPath(botsDir, bot));
  const env = { ...baseEnv };
  delete env.SWITCHBOARD_MODEL;
  delete env.SWITCHBOARD_UNDERSTANDING;
  const rows: ModelComparisonRow[] = [];
  const local = await playBot(bot, botsDir, file, env, undefined, undefined, false);
  rows.push({ mode: 'local', model: 'none', metrics: local.metrics });
  const oracle = await startOracle();
  try {
    for (const mode of ['cascade', 'llm'] as const) {
      const played = await playBot(bot, botsDir, file, oracle.env(mode, env), oracle, 'scripted oracle');
      rows.push({ mode, model: 'scripted oracle (answers the expected intents)', metrics: played.metrics });
    }
  } finally {
    await oracle.close();
  }
  return {
    bot,
    rows,
    note: 'cascade and llm run against a local OpenAI-protocol server that answers each understanding call with the turn’s expected intents (a perfect model), so their accuracy is an upper bound and their calls per turn are the real cost; grounded replies (knowledge answers) count as model calls too.',
  };
}
