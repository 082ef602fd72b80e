// Finds bots under bots/<id>/: bot.yaml (validated) and an optional index.ts with the bot's code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkedBotConfigSchema, type BotConfig } from './config.ts';
import { BotConfigError, describeIssues } from './errors.ts';
import { importBotCode } from './code.ts';
import type { BotDefinition } from '../engine/types.ts';
import { projectRoot, sourceDir, sourcePath } from '../paths.ts';
import { vocabularyOf, type BotVocabulary } from './vocabulary.ts';
import { readYamlFile } from '../yaml-file.ts';
import { parseCsv } from '../store/csv.ts';
import { closedDatesOf } from '../forms/calendar.ts';
import { readDataTables } from './data-file.ts';
import { EDGE_ACCEPTED_FILE, edgeAcceptedSchema } from '../skills/config.ts';

export interface BotSource {
  config: BotConfig;
  definition: BotDefinition;
  dir: string;
}

export { BotConfigError };

/** A bot folder's bot.yaml, checked. `dir` may be the compiled copy's folder (a bot's code passing its own). */
export function readBotConfig(botDir: string): BotConfig {
  const dir = sourceDir(botDir);
  const file = join(dir, 'bot.yaml');
  let raw: unknown;
  try {
    raw = readYamlFile(file);
  } catch (err) {
    throw new BotConfigError(`${file}: ${(err as Error).message}`);
  }
  const parsed = checkedBotConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = describeIssues(checkedBotConfigSchema, parsed.error.issues).map((p) => `  - ${p.path}: ${p.message}`).join('\n');
    throw new BotConfigError(`${file} is not a valid bot definition:\n${issues}`);
  }
  const config = parsed.data;
  if (config.knowledge && !existsSync(join(dir, config.knowledge))) {
    throw new BotConfigError(`${file} is not a valid bot definition:\n  - knowledge: folder '${config.knowledge}' does not exist in ${dir}`);
  }
  try {
    readDataTables(config, dir);
  } catch (err) {
    throw new BotConfigError(`${file} is not a valid bot definition:\n  - ${(err as Error).message}`);
  }
  readCalendarFile(config, dir);
  readClosedDates(config, dir, file);
  readEdgeAccepted(config, dir);
  return config;
}

/**
 * The probes the author accepted with `switchboard check --edge --accept` (edge-accepted.yaml beside bot.yaml) join
 * the bot's own out-of-scope and person examples.
 */
function readEdgeAccepted(config: BotConfig, dir: string): void {
  const path = join(dir, EDGE_ACCEPTED_FILE);
  if (!existsSync(path)) return;
  let raw: unknown;
  try {
    raw = readYamlFile(path) ?? {};
  } catch (err) {
    throw new BotConfigError(`${path}: ${(err as Error).message}`);
  }
  const parsed = edgeAcceptedSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = describeIssues(edgeAcceptedSchema, parsed.error.issues).map((p) => `  - ${p.path}: ${p.message}`).join('\n');
    throw new BotConfigError(`${path} is not a valid list of accepted probes:\n${issues}`);
  }
  // New objects: a schema's default objects are shared by every bot that leaves the key out.
  const { out_of_scope, human } = config.skills;
  config.skills = {
    ...config.skills,
    out_of_scope: { ...out_of_scope, examples: [...new Set([...out_of_scope.examples, ...parsed.data.out_of_scope.examples])] },
    human: { ...human, examples: [...new Set([...human.examples, ...parsed.data.human.examples])] },
  };
}

/**
 * The rows of `answers.calendar.file` (relative to the bot folder) join its inline rows. A file kept outside the
 * repository may be missing: the calendar then has the inline rows alone (`switchboard check` says so).
 */
function readCalendarFile(config: BotConfig, dir: string): void {
  const calendar = config.answers?.calendar;
  if (!calendar?.file) return;
  const path = resolve(dir, calendar.file);
  if (!existsSync(path)) return;
  calendar.rows = [...parseCsv(readFileSync(path, 'utf8')), ...calendar.rows];
}

/** Each form calendar's `closedFile` (relative to the bot folder) adds its dates to the calendar's `closed`. */
function readClosedDates(config: BotConfig, dir: string, file: string): void {
  for (const [id, form] of Object.entries(config.forms)) {
    const calendar = form.calendar;
    if (!calendar?.closedFile) continue;
    const path = resolve(dir, calendar.closedFile);
    if (!existsSync(path)) throw new BotConfigError(`${file} is not a valid bot definition:\n  - forms.${id}.calendar.closedFile: '${calendar.closedFile}' does not exist in ${dir}`);
    calendar.closed = [...calendar.closed, ...closedDatesOf(readFileSync(path, 'utf8'))];
  }
}

/**
 * SWITCHBOARD_BOTS_DIR (e.g. `examples`, or your own folder of bots); else bots/ of the project the command runs
 * in (a bot author's project, where Switchboard is a dependency); else this repository's bots/.
 */
export const defaultBotsDir = process.env.SWITCHBOARD_BOTS_DIR
  ? resolve(process.env.SWITCHBOARD_BOTS_DIR)
  : existsSync(resolve('bots')) ? resolve('bots') : resolve(projectRoot, 'bots');

export async function loadBots(botsDir = defaultBotsDir, only?: string[]): Promise<BotSource[]> {
  const ids = readdirSync(botsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(botsDir, d.name, 'bot.yaml')))
    .map((d) => d.name)
    .filter((id) => !only || only.includes(id))
    .sort();
  // Every bot's modules are requested at once: the loader reads their files concurrently.
  return Promise.all(
    ids.map(async (id): Promise<BotSource> => {
      const dir = join(botsDir, id);
      const config = readBotConfig(dir);
      loadedConfigs.set(sourceDir(dir), config);
      const entry = join(dir, 'index.ts');
      const definition: BotDefinition = existsSync(entry) ? await importBotCode(id, entry) : { specialists: {} };
      return { config, definition, dir };
    }),
  );
}

/** The configurations loadBots read, by bot folder: a bot's own modules see the same one. */
const loadedConfigs = new Map<string, BotConfig>();

/**
 * The vocabulary of the bot a module belongs to (`botVocabulary(import.meta.url)`, the nearest folder above it
 * with a bot.yaml): the configuration the runtime loaded, or, for a bot's code imported without the runtime (its
 * unit tests), bot.yaml read once.
 */
export function botVocabulary(moduleUrl: string): BotVocabulary {
  const dir = botFolderOf(dirname(sourcePath(moduleUrl)));
  let config = loadedConfigs.get(dir);
  if (!config) loadedConfigs.set(dir, (config = readBotConfig(dir)));
  return vocabularyOf(config);
}

function botFolderOf(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'bot.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no bot.yaml in ${start} or a folder above it`);
  }
}
