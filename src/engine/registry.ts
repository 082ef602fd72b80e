// The bots of this process: each loaded once (knowledge indexed, setup run, admin settings merged, model bound,
// classifier restored from the store or trained lazily) and warmed up in the background.
import { createTable, loadTable } from '../catalogue/table-load.ts';
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import { DEFAULT_EMBEDDING_TIMEOUT_MS, embeddingsSettings } from '../llm/embeddings-schema.ts';
import { embeddingSpecProblem } from '../llm/spec.ts';
import type { BotSource } from '../bot/loader.ts';
import { InvalidError, NotFoundError } from '../errors/index.ts';
import { indexBotKnowledge, webSearchOptions, type WebSearchOptions } from '../knowledge/index.ts';
import type { LocalUnderstander, MeaningSource } from '../nlu/index.ts';
import type { Language, Understander } from '../nlu/types.ts';
import type { SkillDetector } from '../skills/index.ts';
import * as store from '../store/index.ts';
import type { Database } from '../store/index.ts';
import { buildTurnGraph, type TurnGraph } from './graph.ts';
import { defaultSpecialists } from './default-specialists.ts';
import { withForms } from '../forms/index.ts';
import { withPlannedActions } from '../actions/index.ts';
import type { ModelCallRecord, TurnModel } from './types.ts';
import { buildUnderstander, classifierInputs, detectorCacheName, detectorInputs } from './understanding.ts';
import { PERSONA_SETTING, personaConfig, type PersonaSettings } from './persona.ts';
import { checkRefinePredicates } from './refine-rules.ts';
import { checkRoutingTargets, withRouteRules } from './route-rules.ts';

/** What src/llm hands the runtime for a bot with a model. */
export interface ModelBinding {
  spec: string;
  /** Wrap local understanding into the configured mode (llm or cascade); model calls go to each call's `input.trace`. */
  understander(local: Understander, config: BotConfig, intents: Record<string, IntentConfig>): Understander;
  /** A turn-scoped model whose calls are recorded into `calls`. */
  forTurn(calls: ModelCallRecord[]): TurnModel;
}

export type ModelFactory = (config: BotConfig, env: NodeJS.ProcessEnv) => ModelBinding | null | Promise<ModelBinding | null>;

/**
 * The embedding model a bot uses: SWITCHBOARD_EMBEDDINGS, when set, overrides every bot's `understanding.embeddings`
 * (`none` turns it off), keeping the bot's deadline. Throws for a malformed override.
 */
export function effectiveEmbeddings(config: BotConfig, env: NodeJS.ProcessEnv): { model: string; timeoutMs: number } | null {
  const own = embeddingsSettings(config.understanding.embeddings);
  const forced = env.SWITCHBOARD_EMBEDDINGS?.trim();
  if (!forced) return own;
  if (forced === 'none') return null;
  const problem = embeddingSpecProblem(forced);
  if (problem) throw new Error(`SWITCHBOARD_EMBEDDINGS: embedding model ${problem}`);
  return { model: forced, timeoutMs: own?.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS };
}

/** The meaning source of `understanding.embeddings` for a bot's labelled texts (made again when its examples change). */
export type MeaningFactory = (examples: readonly { text: string; label: string }[]) => MeaningSource;

export interface LoadedBot extends BotSource {
  graph: TurnGraph;
  intents: Record<string, IntentConfig>;
  handoff: BotConfig['handoff'];
  understander: Understander;
  model: ModelBinding | null;
  language: Language;
  services: unknown;
  /** The local classifier (also behind llm/cascade understanding). */
  local: LocalUnderstander;
  /** The web search of `answers.web` with the environment's overrides (offline, URL, timeout). */
  webSearch: WebSearchOptions;
  /** The bot's built-in skill detector, built on first use (null when every skill is off). */
  skills?: () => SkillDetector | null;
  /** The embedding model of `understanding.embeddings` (none: local understanding alone). */
  meaning?: MeaningFactory | null;
  /** Embeds the bot's examples in the background (each otherwise is embedded on the bot's first message). */
  warmMeaning?: () => Promise<void>;
}

export interface RegistryOptions {
  db: Database;
  env: NodeJS.ProcessEnv;
  log: (msg: string) => void;
  modelFactory?: ModelFactory;
}

export class BotRegistry {
  readonly bots = new Map<string, LoadedBot>();
  /** Each bot's config as its bot.yaml says it, before the console's persona and model settings. */
  private readonly fileConfigs = new Map<string, BotConfig>();

  constructor(private opts: RegistryOptions) {}

  /** Which bot declared each bot.yaml `tables:` name: every bot of a process shares one store. */
  private readonly tableOwners = new Map<string, string>();

  /** Two bots declaring one table would read and load each other's rows: refuse the second, naming both. */
  private claimTables(config: BotConfig): void {
    for (const name of [...Object.keys(config.tables), ...Object.keys(config.records)]) {
      if (store.isRuntimeTable(name)) throw new Error(`bot '${config.id}': table '${name}' (bot.yaml tables: or records:) is one of the runtime's own tables; give it a name of its own (e.g. ${config.id.replace(/\W/g, '_')}_${name})`);
      const owner = this.tableOwners.get(name);
      if (owner && owner !== config.id) throw new Error(`bot '${config.id}': table '${name}' (bot.yaml tables: or records:) is already bot '${owner}''s; every bot shares the store, so give it a name of its own (e.g. ${config.id.replace(/\W/g, '_')}_${name})`);
      this.tableOwners.set(name, config.id);
    }
  }

  get(id: string): LoadedBot {
    const bot = this.bots.get(id);
    // Name the bots served: a typo in a URL's bot id (or a folder name that is not the bot.yaml id) says what to use.
    if (!bot) throw new NotFoundError(`unknown bot '${id}'; this server runs: ${[...this.bots.keys()].join(', ') || 'no bot'}`);
    return bot;
  }

  async load(source: BotSource): Promise<void> {
    const { db, env, log } = this.opts;
    const { config, definition, dir } = source;
    const t0 = performance.now();
    // A refine rule naming a predicate the code lacks fails the load before anything starts.
    checkRefinePredicates(config, definition);
    this.claimTables(config);
    await this.indexKnowledge(config, dir);
    // A bot's own start-up writes (its record tables, data loads) run one process at a time when several start together.
    if (Object.keys(config.records).length) await db.withLock(`switchboard:setup:${config.id}`, () => store.createRecordTables(db, config));
    const setup = definition.setup;
    // A bot without a setup of its own (a bot without code) has its bot.yaml `tables:` created and loaded here.
    if (!setup && Object.keys(config.tables).length) {
      await db.withLock(`switchboard:setup:${config.id}`, async () => {
        for (const name of Object.keys(config.tables)) {
          await createTable(db, config, name);
          await loadTable(db, config, name, { botDir: dir, env, log: (m) => log(`[${config.id}] ${m}`) });
        }
      });
    }
    const services = setup && (await db.withLock(`switchboard:setup:${config.id}`, () => setup({ sql: db, withLock: (key, fn) => db.withLock(key, fn), config, dir, log: (m) => log(`[${config.id}] ${m}`), env })));
    const stored = await store.getSetting<Record<string, Partial<IntentConfig>>>(db, config.id, 'intents');
    const handoff = { ...config.handoff, ...((await store.getSetting<Partial<BotConfig['handoff']>>(db, config.id, 'handoff')) ?? {}) };
    const persona = personaConfig(config, (await store.getSetting<PersonaSettings>(db, config.id, PERSONA_SETTING)) ?? {});
    const intents = mergeIntents(config.intents, stored ?? {});
    const formed = withForms(config, withRouteRules(config, withPlannedActions(config, definition)));
    const specialists = { ...defaultSpecialists(config), ...formed.specialists };
    checkRoutingTargets(config, specialists);
    const bot: LoadedBot = {
      ...source,
      config: persona,
      definition: { ...formed, specialists },
      graph: buildTurnGraph({ ...formed, specialists }),
      intents,
      handoff,
      understander: null as unknown as Understander,
      model: await this.bindModel(persona),
      meaning: await this.bindMeaning(config),
      language: config.language.slice(0, 2) as Language,
      services,
      webSearch: webSearchOptions(config.answers?.web, env),
      local: null as unknown as LocalUnderstander,
    };
    // A classifier or skill detector trained by an earlier run on the same inputs and code is loaded, not trained again.
    const inputs = classifierInputs(bot);
    const detector = detectorInputs(bot);
    const [cached, cachedDetector] = await Promise.all([
      inputs.key ? store.loadClassifier(db, config.id, inputs.key).catch(() => undefined) : undefined,
      detector.key ? store.loadClassifier(db, detectorCacheName(config.id), detector.key).catch(() => undefined) : undefined,
    ]);
    bot.understander = buildUnderstander(this.opts, bot, inputs, cached, detector, cachedDetector);
    this.bots.set(config.id, bot);
    this.fileConfigs.set(config.id, config);
    const embeddings = bot.meaning ? `, embeddings ${effectiveEmbeddings(config, env)?.model}` : '';
    log(`[${config.id}] ready in ${Math.round(performance.now() - t0)} ms (${Object.keys(intents).length} intents, model ${bot.model?.spec ?? 'local'}${embeddings})`);
  }

  /** Index the bot's knowledge folder (bot.yaml `knowledge:`), if it has one (passages already indexed are kept). */
  private async indexKnowledge(config: BotConfig, dir: string): Promise<void> {
    if (!config.knowledge) return;
    const res = await this.opts.db.transaction((tx) => indexBotKnowledge(tx, config.id, config.language, `${dir}/${config.knowledge}`));
    if (res.reindexed) this.opts.log(`[${config.id}] indexed ${res.chunks} knowledge passages`);
  }

  /** The bot's model, or null (local). A misconfigured model is reported and the bot runs locally. */
  private async bindModel(config: BotConfig): Promise<ModelBinding | null> {
    try {
      return (await this.opts.modelFactory?.(config, this.opts.env)) ?? null;
    } catch (err) {
      const msg = `[${config.id}] model '${config.model}' unavailable: ${(err as Error).message} — running with local understanding`;
      console.warn(msg);
      this.opts.log(msg);
      return null;
    }
  }

  /**
   * The model for a config, for an admin's change: a spec that cannot be bound (unknown provider, missing key)
   * is refused with the reason rather than running the bot locally.
   */
  private async bindModelOrRefuse(config: BotConfig): Promise<ModelBinding | null> {
    try {
      return (await this.opts.modelFactory?.(config, this.opts.env)) ?? null;
    } catch (err) {
      throw new InvalidError(`model '${config.model}' cannot be used: ${(err as Error).message}`);
    }
  }

  /** bot.yaml's config of a bot, without the console's persona and model settings. */
  fileConfig(bot: LoadedBot): BotConfig {
    return this.fileConfigs.get(bot.config.id) ?? bot.config;
  }

  /**
   * Apply persona and model settings: the next turn's model calls use the new persona, instructions, model and
   * temperature. The local classifier is kept (its inputs did not change); the model is bound again only when
   * the model or its temperature changed. `strict`: a model that cannot be bound is an error (an admin's change).
   */
  async applyPersona(bot: LoadedBot, stored: PersonaSettings, strict = false): Promise<void> {
    const config = personaConfig(this.fileConfig(bot), stored);
    const rebind = config.model !== bot.config.model || config.temperature !== bot.config.temperature;
    const model = rebind ? await (strict ? this.bindModelOrRefuse(config) : this.bindModel(config)) : bot.model;
    bot.config = config;
    bot.model = model;
    bot.understander = buildUnderstander(this.opts, bot, undefined, undefined, undefined, undefined, { local: bot.local, skills: bot.skills });
  }

  /**
   * The bot's embedding model (`understanding.embeddings`, or SWITCHBOARD_EMBEDDINGS), its vectors kept in the store, or null. A misconfigured
   * one is reported and the bot understands locally alone. The provider SDKs load only for a bot that has one.
   */
  private async bindMeaning(config: BotConfig): Promise<MeaningFactory | null> {
    const { db, env } = this.opts;
    const log = (m: string) => this.opts.log(`[${config.id}] ${m}`);
    try {
      const settings = effectiveEmbeddings(config, env);
      if (!settings) return null;
      const { embeddingMeaning } = await import('../llm/index.ts');
      const cache = { load: (model: string, hashes: readonly string[]) => store.loadEmbeddings(db, model, hashes), save: (model: string, v: ReadonlyMap<string, Float32Array>) => store.saveEmbeddings(db, model, v) };
      return embeddingMeaning(settings, env, { cache, log });
    } catch (err) {
      const msg = `[${config.id}] embedding model unavailable: ${(err as Error).message} — understanding locally alone`;
      console.warn(msg);
      this.opts.log(msg);
      return null;
    }
  }

  /** A bot's admin settings read again from the store (another process changed them); unknown bots are ignored. */
  /** Per bot, the settings reload running now, and whether another notification came while it ran. */
  private readonly reloads = new Map<string, { again: boolean; done: Promise<void> }>();

  /**
   * Read the bot's stored settings again. Reloads of one bot run one at a time: a notification that comes while one
   * runs reads again after it, so an older read never lands after a newer one (two admin changes in a row would
   * otherwise leave the first one's view in place when its read finished last).
   */
  reloadSettings(botId: string): Promise<void> {
    const running = this.reloads.get(botId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: false, done: Promise.resolve() };
    this.reloads.set(botId, state);
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await this.readSettings(botId);
        } while (state.again);
      } finally {
        this.reloads.delete(botId);
      }
    })();
    return state.done;
  }

  private async readSettings(botId: string): Promise<void> {
    const bot = this.bots.get(botId);
    if (!bot) return;
    const { db } = this.opts;
    const [intents, handoff, persona] = await Promise.all([
      store.getSetting<Record<string, Partial<IntentConfig>>>(db, botId, 'intents'),
      store.getSetting<Partial<BotConfig['handoff']>>(db, botId, 'handoff'),
      store.getSetting<PersonaSettings>(db, botId, PERSONA_SETTING),
    ]);
    this.reloadIntents(bot, intents ?? {});
    bot.handoff = { ...bot.config.handoff, ...(handoff ?? {}) };
    const next = personaConfig(this.fileConfig(bot), persona ?? {});
    if (next.persona !== bot.config.persona || next.model !== bot.config.model || next.temperature !== bot.config.temperature) await this.applyPersona(bot, persona ?? {});
  }

  /** Settings stored by another process (or an admin) take effect here at once. */
  reloadIntents(bot: LoadedBot, stored: Record<string, Partial<IntentConfig>>): void {
    const before = JSON.stringify(Object.entries(bot.intents).map(([k, v]) => [k, v.examples]));
    bot.intents = mergeIntents(bot.config.intents, stored);
    // Retrain only when the examples changed; a handoff toggle needs no training.
    if (JSON.stringify(Object.entries(bot.intents).map(([k, v]) => [k, v.examples])) !== before) bot.understander = buildUnderstander(this.opts, bot);
  }

  /**
   * Train every bot's classifier and skill detector, and embed its examples, in the background (each otherwise
   * happens on its bot's first message), then run the bots' own warm-ups. Training is blocks of CPU (up to a few hundred ms each): one block
   * runs only while `quiet(idleMs)` says no turn is near, and the first waits `startAfterMs` from now, so the first
   * visitors of a server that has just started are not kept waiting behind another bot's training.
   */
  warmUp(idleMs: number, quiet: (idleMs: number) => boolean, stopped: () => boolean, startAfterMs = idleMs): Promise<void> {
    const steps = [...this.bots.values()].flatMap((bot) => [() => void bot.local.classify(''), () => void bot.skills?.(), () => void bot.warmMeaning?.()]);
    return new Promise<void>((resolve) => {
      const next = () => {
        if (stopped()) return resolve();
        if (!quiet(idleMs)) return void setTimeout(next, idleMs);
        const step = steps.shift();
        if (!step) return resolve();
        step();
        setTimeout(next, 0);
      };
      setTimeout(next, startAfterMs);
    }).then(async () => {
      for (const bot of this.bots.values()) {
        if (stopped()) return;
        await bot.definition.warmUp?.(bot.services)?.catch((err: Error) => this.opts.log(`[${bot.config.id}] warm-up failed: ${err.message}`));
      }
    });
  }

  async close(): Promise<void> {
    for (const bot of this.bots.values()) await bot.definition.close?.(bot.services);
  }
}

/** bot.yaml's intents with the admin's stored changes and additions. */
function mergeIntents(base: Record<string, IntentConfig>, stored: Record<string, Partial<IntentConfig>>): Record<string, IntentConfig> {
  const out: Record<string, IntentConfig> = {};
  for (const [id, c] of Object.entries(base)) out[id] = { ...c, ...(Object.hasOwn(stored, id) ? stored[id] : {}), predefined: true };
  for (const [id, c] of Object.entries(stored)) {
    if (Object.hasOwn(base, id)) continue;
    out[id] = { label: c.label ?? id, description: c.description ?? '', handoff: c.handoff ?? false, predefined: false, examples: c.examples ?? [], freeText: c.freeText ?? false, opening: c.opening ?? [], aliases: c.aliases ?? [], slots: c.slots ?? {} };
  }
  return out;
}
