// switchboard judge [bot…] [--model SPEC | --rules] [--limit N] [--json]
// Batch LLM-as-a-judge over stored conversations: marks golden examples (the bot's model, or SWITCHBOARD_MODEL,
// when one is configured; else the rules: a thumbs-up and a completed workflow or no negative feedback).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commandArgs } from '../args.ts';
import { defaultBotsDir, readBotConfig, type BotConfig } from '../../bot/index.ts';
import { judgeConversations, modelJudge, type JudgeReport } from '../../feedback/index.ts';
import { createModelClient, effectiveModelSpec, type ModelClient } from '../../llm/index.ts';
import { coreMigrations, migrate, openDatabase, type Database } from '../../store/index.ts';

const USAGE = `Usage: switchboard judge [bot…] [options]

Reads the stored conversations of every bot (or of the bots named), judges the candidate replies and inserts
the golden examples into golden_examples (idempotent: running it twice adds nothing new). The bots' models
then see the most similar golden examples as few-shot examples.

Candidates: replies with a thumbs-up; with a model, also the unrated replies of conversations that completed
a workflow without negative feedback. With a model, one structured call per candidate; without, the rules.

Options:
  --model SPEC   judge with this model (e.g. openai:gpt-4o); default: the bot's model or SWITCHBOARD_MODEL
  --rules        use the rules even when a model is configured
  --limit N      at most N candidates per bot (default 200)
  --json         print the reports as JSON

Store: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data), as for \`switchboard start\`.`;

export interface JudgeCommandOptions {
  /** Use this store instead of opening DATABASE_URL / DATA_DIR (tests, embedding). */
  db?: Database;
  env?: NodeJS.ProcessEnv;
  botsDir?: string;
  log?: (line: string) => void;
}

export async function run(argv: string[], opts: JudgeCommandOptions = {}): Promise<number> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line: string) => console.log(line));
  const args = commandArgs('judge', USAGE, argv, {
    allowPositionals: true,
    options: {
      model: { type: 'string' },
      rules: { type: 'boolean', default: false },
      limit: { type: 'string', default: '200' },
      json: { type: 'boolean', default: false },
    },
  });
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit <= 0) {
    console.error(`switchboard judge: --limit must be a positive integer (got '${values.limit}')`);
    return 2;
  }
  let configs: BotConfig[];
  try {
    configs = botConfigs(opts.botsDir ?? defaultBotsDir, positionals);
  } catch (err) {
    console.error(`switchboard judge: ${(err as Error).message}`);
    return 2;
  }

  const db = opts.db ?? (await openStore(env));
  const reports: JudgeReport[] = [];
  const settings: JudgeSettings = { model: values.model, rules: values.rules, limit, env, log: values.json ? undefined : log };
  try {
    await migrate(db, coreMigrations);
    for (const config of configs) reports.push(await judgeBot(db, config, settings));
  } finally {
    if (!opts.db) await db.close();
  }
  if (values.json) log(JSON.stringify(reports, null, 2));
  return reports.some((r) => r.failed > 0) ? 1 : 0;
}

/** The store of DATABASE_URL, else the PGlite of DATA_DIR (./data by default). */
function openStore(env: NodeJS.ProcessEnv): Promise<Database> {
  return openDatabase({ databaseUrl: env.DATABASE_URL || undefined, schema: env.DATABASE_SCHEMA || undefined, dataDir: resolve(env.DATA_DIR ?? 'data') });
}

interface JudgeSettings {
  /** --model: the judge's model, instead of the bot's. */
  model?: string;
  /** --rules: the rules even when a model is configured. */
  rules: boolean;
  limit: number;
  env: NodeJS.ProcessEnv;
  /** Progress lines; none with --json. */
  log?: (line: string) => void;
}

/** Judges one bot's stored conversations, with its model when there is one, else with the rules. */
async function judgeBot(db: Database, config: BotConfig, settings: JudgeSettings): Promise<JudgeReport> {
  const { env, log } = settings;
  const spec = settings.rules ? 'local' : (settings.model ?? effectiveModelSpec(config.model, env));
  const client = judgeClient(config, spec, env);
  log?.(`[${config.id}] judging with ${client ? `the model ${spec}` : 'the rules'}…`);
  const report = await judgeConversations(db, {
    bot: config.id,
    judge: client ? modelJudge(client, { persona: config.persona }) : undefined,
    limit: settings.limit,
    log,
  });
  log?.(`[${config.id}] ${report.candidates} candidate(s), ${report.golden} golden, ${report.inserted} new${report.failed ? `, ${report.failed} not judged (model errors)` : ''}`);
  return report;
}

/** The model client of `spec`; null for 'local' or when the model is unavailable (then the rules judge). */
function judgeClient(config: BotConfig, spec: string, env: NodeJS.ProcessEnv): ModelClient | null {
  try {
    return createModelClient(spec, env, { timeoutMs: Number(env.SWITCHBOARD_LLM_TIMEOUT_MS) || undefined });
  } catch (err) {
    console.error(`switchboard judge: [${config.id}] model '${spec}' unavailable (${(err as Error).message}); judging with the rules`);
    return null;
  }
}

function botConfigs(botsDir: string, only: string[]): BotConfig[] {
  const ids = readdirSync(botsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(botsDir, d.name, 'bot.yaml')))
    .map((d) => d.name)
    .sort();
  const unknown = only.filter((id) => !ids.includes(id));
  if (unknown.length) throw new Error(`unknown bot(s): ${unknown.join(', ')} (found: ${ids.join(', ')})`);
  return (only.length ? only : ids).map((id) => readBotConfig(join(botsDir, id)));
}
