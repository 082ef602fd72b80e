// How a loaded bot understands: its local classifier (trained lazily, cached in the store by its inputs) and,
// when a model is bound, the model's understanding wrapped around it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BotConfig } from '../bot/config.ts';
import { boundedUnderstander, budgetMs, createLocalUnderstander, HUMAN_LABEL, intentExamples, nluFingerprint, OUT_OF_SCOPE_LABEL, sourceFingerprint, withMeaning, type LocalUnderstander } from '../nlu/index.ts';
import { projectRoot } from '../paths.ts';
import type { Example, Language, Understander, UnderstandingOptions } from '../nlu/types.ts';
import * as store from '../store/index.ts';
import type { Database } from '../store/index.ts';
import type { LoadedBot } from './registry.ts';
import { createSkillDetector, skillLines, withSkills, type SkillDetector, type SkillDetectorOptions } from '../skills/index.ts';

export interface ClassifierInputs {
  examples: Example[];
  options: UnderstandingOptions;
  /** The cache key of these inputs (null: the NLU code is unreadable). */
  key: string | null;
}

/** The local classifier's options from a bot's bot.yaml. */
export function understandingOptions(config: BotConfig, language: Language): UnderstandingOptions {
  return {
    language,
    locale: config.language,
    threshold: config.understanding.threshold,
    fallback: config.understanding.fallback,
    exclusive: config.understanding.exclusive,
    multiIntent: config.understanding.multiIntent,
    wordVectors: config.understanding.wordVectors,
    gazetteers: config.gazetteers,
    patterns: config.entities,
  };
}

/** What the bot's classifier is trained from, and the cache key of that. */
export function classifierInputs(bot: LoadedBot): ClassifierInputs {
  const { config } = bot;
  const examples: Example[] = intentExamples(bot.intents);
  const options = understandingOptions(config, bot.language);
  const code = nluFingerprint();
  const key = code && createHash('sha256').update(code).update(JSON.stringify([options.language, options.fallback, options.wordVectors ?? null, examples])).digest('hex');
  return { examples, options, key };
}

export interface DetectorInputs {
  /** Null when every built-in skill is off. */
  options: SkillDetectorOptions | null;
  /** The cache key of these inputs (null: nothing to cache, or the code is unreadable). */
  key: string | null;
}

let skillsCode: string | null | undefined;

/** A bot's name that is a proper name ("Lumiara", "Casa Verde": every word capitalised), not a description of what it does. */
const properName = (name: string) => /^\p{Lu}[\p{L}\p{N}-]*(?:\s+\p{Lu}[\p{L}\p{N}-]*)*$/u.test(name.trim());

/** What the bot's skill detector is trained from (its fallback's examples excepted), and the cache key of that. */
export function detectorInputs(bot: Pick<LoadedBot, 'config' | 'intents' | 'language' | 'dir'>): DetectorInputs {
  const { config } = bot;
  const { skills } = config;
  if (!skills.human.enabled && !skills.out_of_scope.enabled && !skills.smalltalk.enabled) return { options: null, key: null };
  const options: SkillDetectorOptions = {
    language: bot.language,
    domain: Object.fromEntries(
      Object.entries(bot.intents)
        .filter(([id]) => id !== config.understanding.fallback)
        .map(([id, c]) => [id, c.examples]),
    ),
    domainText: [...knowledgeTexts(bot), ...config.gazetteers.flatMap((g) => Object.entries(g.values).flat(2))],
    names: properName(config.name) ? [config.name] : [],
    outOfScope: skills.out_of_scope.examples,
    persons: skills.human.examples,
    roles: skills.human.roles,
  };
  // The detector's code and its lines (src/skills, data included) and the NLU code it trains with.
  skillsCode ??= sourceFingerprint(join(projectRoot, 'src', 'skills'), (name) => /\.(ts|yaml)$/.test(name));
  const code = nluFingerprint();
  const key = code && skillsCode && createHash('sha256').update(code).update(skillsCode).update(JSON.stringify(options)).digest('hex');
  return { options, key };
}

/** Where a bot's skill detector is cached (the classifier cache holds one model per name). */
export const detectorCacheName = (botId: string) => `${botId}/skills`;

export interface UnderstanderDeps {
  db: Database;
  env: NodeJS.ProcessEnv;
  log: (msg: string) => void;
}

/**
 * Build the bot's understander (and set `bot.local`). `cached`: the classifier stored under `inputs.key`, if
 * any; `cachedDetector`: the skill detector stored under `detector.key`. A classifier or detector trained here
 * is stored for the next start.
 */
export function buildUnderstander(
  deps: UnderstanderDeps,
  bot: LoadedBot,
  inputs = classifierInputs(bot),
  cached?: Uint8Array,
  detector = detectorInputs(bot),
  cachedDetector?: Uint8Array,
  /** The bot's classifier and skill detector, kept as they are (only the model's side changed). */
  reuse?: { local: LocalUnderstander; skills?: () => SkillDetector | null },
): Understander {
  const { config } = bot;
  const { examples, options, key } = inputs;
  const local =
    reuse?.local ??
    lazyUnderstander(() => {
      const trained = createLocalUnderstander(examples, options, cached);
      // Trained now: keep it for the next start (in the background; a failed write only costs a retrain).
      if (!trained.restored && key) keep(deps, config.id, key, trained.snapshot(), 'classifier');
      return trained;
    });
  bot.local = local;
  const own = bot.definition.understander?.({ local, config }) ?? local;
  const skills = reuse?.skills ?? lazyDetector(deps, bot, detector, cachedDetector);
  bot.skills = skills;
  // Local understanding reads a bounded part of each message within the turn's budget (src/nlu/bounds.ts).
  const bounds = { fallback: config.understanding.fallback, language: bot.language };
  // The classifier and the skill detector train on first use: before the budget starts.
  const prepare = () => void (local.options, skills());
  const read = boundedUnderstander(withSkills(own, skills), { ...bounds, budgetMs: budgetMs(deps.env), prepare });
  // An embedding model's nearest examples join local understanding (its own timeout bounds its time).
  const meaning = bot.meaning?.(meaningTexts(bot));
  bot.warmMeaning = meaning ? () => meaning.space().then(() => {}, () => {}) : undefined;
  const base = meaning ? withMeaning(read, meaning, { ...meaningOptions(deps, config), prepare }) : read;
  return withModel(deps, bot, base, bounds);
}

/** The bot's model reading after local understanding (when the mode lets it), else local understanding bounded. */
function withModel(deps: UnderstanderDeps, bot: LoadedBot, base: Understander, bounds: { fallback: string; language: Language }): Understander {
  const { config } = bot;
  const mode = understandingMode(config, bot.model !== null, deps.env);
  if (bot.model && mode !== 'local' && bot.definition.modelUnderstanding !== false) {
    const effective = { ...config, understanding: { ...config.understanding, mode } };
    // A model reads the same bounded text; its own timeouts bound its time.
    return boundedUnderstander(bot.model.understander(base, effective, bot.intents), { ...bounds, budgetMs: Infinity });
  }
  return bot.meaning ? boundedUnderstander(base, { ...bounds, budgetMs: Infinity }) : base;
}

/** Most lines of each built-in skill (a request for a person, out of scope) an embedding model reads beside the bot's examples. */
const MEANING_SKILL_LINES = 150;

/**
 * What an embedding model reads of a bot: its intents' examples, and the skills' lines asking for a person and
 * off-domain (each skill that is on; a line equal to one of the bot's examples is the bot's).
 */
export function meaningTexts(bot: Pick<LoadedBot, 'config' | 'intents' | 'language'>): { text: string; label: string }[] {
  const own = intentExamples(bot.intents).map((e) => ({ text: e.text, label: e.intent }));
  const mine = new Set(own.map((e) => e.text.trim().toLowerCase()));
  const lines = skillLines(bot.language);
  const skill = (on: boolean, list: string[], label: string) =>
    on ? spread(list.filter((t) => !mine.has(t.trim().toLowerCase())), MEANING_SKILL_LINES).map((text) => ({ text, label })) : [];
  const { skills } = bot.config;
  return [...own, ...skill(skills.human.enabled, lines.human, HUMAN_LABEL), ...skill(skills.out_of_scope.enabled, lines.out_of_scope, OUT_OF_SCOPE_LABEL)];
}

/** At most `max` of `list`, evenly spread over it. */
function spread<T>(list: T[], max: number): T[] {
  if (list.length <= max) return list;
  return Array.from({ length: max }, (_, i) => list[Math.floor((i * list.length) / max)]);
}

function meaningOptions(deps: UnderstanderDeps, config: BotConfig) {
  let warned = false;
  return {
    fallback: config.understanding.fallback,
    threshold: config.understanding.threshold,
    // Said once per build: a model that is down would otherwise fill the log, one line per message.
    onFailure: (err: unknown) => {
      if (warned) return;
      warned = true;
      deps.log(`[${config.id}] embedding model failed (${(err as Error).message}); local understanding answers until it is back`);
    },
  };
}

/** Store a model trained now for the next start (in the background; a failed write only costs a retrain). */
function keep(deps: UnderstanderDeps, name: string, key: string, model: Uint8Array, what: string): void {
  setImmediate(() => void store.saveClassifier(deps.db, name, key, model).catch((err: Error) => deps.log(`[${name}] ${what} not cached: ${err.message}`)));
}

/**
 * The bot's skill detector, built on first use from its intents' examples (its fallback's excepted: those are
 * what it does not serve), its knowledge documents and gazetteers; restored from `cached` when that was stored
 * under the same inputs. Null when every skill is off.
 */
function lazyDetector(deps: UnderstanderDeps, bot: LoadedBot, inputs: DetectorInputs, cached?: Uint8Array): () => SkillDetector | null {
  const { options, key } = inputs;
  if (!options) return () => null;
  let detector: SkillDetector | null = null;
  return () => {
    if (detector) return detector;
    detector = createSkillDetector(options, cached);
    if (!detector.restored && key) keep(deps, detectorCacheName(bot.config.id), key, detector.snapshot(), 'skill detector');
    return detector;
  };
}

function knowledgeTexts(bot: Pick<LoadedBot, 'config' | 'dir'>): string[] {
  if (!bot.config.knowledge) return [];
  const dir = join(bot.dir, bot.config.knowledge);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** A local understander trained on first use. */
function lazyUnderstander(train: () => LocalUnderstander): LocalUnderstander {
  let trained: LocalUnderstander | null = null;
  const get = () => (trained ??= train());
  return {
    understand: (input) => get().understand(input),
    classify: (text) => get().classify(text),
    retrain: (examples) => get().retrain(examples),
    snapshot: () => get().snapshot(),
    get restored() {
      return get().restored;
    },
    get options() {
      return get().options;
    },
  };
}

/**
 * How a bot understands: without a model always locally; with one, SWITCHBOARD_UNDERSTANDING (local, llm,
 * cascade) if set, else the bot's mode — where 'local' (the offline default) means the model decides.
 */
export function understandingMode(config: BotConfig, hasModel: boolean, env: NodeJS.ProcessEnv): 'local' | 'llm' | 'cascade' {
  if (!hasModel) return 'local';
  const forced = env.SWITCHBOARD_UNDERSTANDING;
  if (forced === 'local' || forced === 'llm' || forced === 'cascade') return forced;
  return config.understanding.mode === 'local' ? 'llm' : config.understanding.mode;
}
