// The TurnContext a specialist step receives: the turn's inputs, reads, tools (traced and announced as
// events), deferred writes and reply templates.
import { searchKnowledge, webSearch } from '../knowledge/index.ts';
import { checkProfileUpdates, profileSubject, readProfile, writeProfile, type Profile } from '../profile/index.ts';
import { extractEntities } from '../nlu/index.ts';
import { botCommandReader, withCommandSlots } from './commands.ts';
import type { Understanding } from '../nlu/types.ts';
import { clausesFor } from './clauses.ts';
import type { Database, SessionRow } from '../store/index.ts';
import type { TurnStateValue } from './turn-state.ts';
import { fillTemplate } from '../template/index.ts';
import { vocabularyOf } from '../bot/vocabulary.ts';
import { inSpan, tracingEnabled } from '../spans.ts';
import { searchTable } from '../catalogue/table-search.ts';
import { resultEntities } from '../catalogue/intent-search.ts';
import type { LoadedBot } from './registry.ts';
import { botSession } from './sessions.ts';
import type { DeferredWrite, WriteRejected } from './outcomes.ts';
import type { TraceEntry, TurnContext, TurnEvent, TurnModel, UiPart } from './types.ts';

/** What one turn shares with every step of it. */
export interface TurnScope {
  db: Database;
  bot: LoadedBot;
  session: SessionRow;
  text: string;
  now: Date;
  history: TurnContext['history'];
  emit: (e: TurnEvent) => void;
  trace: TraceEntry[];
  writes: DeferredWrite[];
  /** The UI parts the turn's code showed (ctx.part), in order. */
  parts: UiPart[];
  model: TurnModel | null;
  /** Set when the turn runs again because a deferred write of its first run was rejected. */
  rejected?: WriteRejected;
  /** The customer's profile as this turn sees it, once read (its saves applied). */
  profile?: Promise<Profile>;
}

export function turnContext(scope: TurnScope, state: TurnStateValue): TurnContext {
  const { db, bot, emit, trace, writes } = scope;
  const understanding = state.understanding as Understanding;
  const entityOptions = () => ({ lang: understanding.language, locale: bot.config.language, now: scope.now, timeZone: bot.config.timeZone, gazetteers: bot.config.gazetteers, patterns: bot.config.entities });
  // The rows an intent's search showed are entities a message may point at ("el segundo"), for the forms' slots.
  const pointed = resultEntities(bot.config, state.memory, scope.text, understanding.language);
  const withPointed = (entities: typeof understanding.entities) => (pointed.length ? [...entities.filter((e) => !pointed.some((p) => p.type === e.type)), ...pointed] : entities);
  const ctx: TurnContext = {
    bot: bot.config,
    intentsConfig: bot.intents,
    session: botSession(scope.session),
    text: scope.text,
    now: scope.now,
    understanding,
    intents: understanding.intents.map((i) => i.id),
    entities: withPointed(understanding.entities),
    commands: () => withCommandSlots(bot.config, bot.intents, botCommandReader(bot.config, bot.intents, bot.local).read(scope.text, (t) => extractEntities(t, entityOptions())), scope.now),
    entitiesFor(intent) {
      const intents = understanding.intents.map((i) => i.id);
      const mine = clausesFor(scope.text, understanding.language, intent, intents, (t) => bot.local.classify(t));
      if (mine.length === 1 && mine[0] === scope.text) return withPointed(understanding.entities);
      return withPointed(extractEntities(mine.join(', '), entityOptions()));
    },
    memory: state.memory,
    data: state.data,
    history: scope.history,
    sql: db,
    model: scope.model,
    services: bot.services,
    emit,
    note: (entry) => void trace.push({ startMs: 0, ms: 0, ...entry }),
    async tool(name, input, run) {
      const label = bot.config.toolLabels[name];
      emit({ type: 'tool_start', tool: name, label, input });
      const t = performance.now();
      try {
        const output = tracingEnabled() ? await inSpan(`switchboard.tool ${name}`, { 'switchboard.bot': bot.config.id, 'switchboard.tool': name }, run) : await run();
        trace.push({ node: `tool:${name}`, startMs: 0, ms: +(performance.now() - t).toFixed(2), ok: true });
        emit({ type: 'tool_end', tool: name, output: summarize(output), ok: true });
        return output;
      } catch (err) {
        trace.push({ node: `tool:${name}`, startMs: 0, ms: +(performance.now() - t).toFixed(2), ok: false });
        emit({ type: 'tool_end', tool: name, output: { error: (err as Error).message }, ok: false });
        throw err;
      }
    },
    defer: (write) => void writes.push(write),
    part: (part) => void scope.parts.push(part),
    rejected: scope.rejected,
    searchKnowledge: (query, limit, options) => searchKnowledge(db, bot.config.id, bot.config.language, query, limit, options?.documents),
    searchWeb: (query) => webSearch(query, bot.webSearch),
    classify: (t) => bot.local.classify(t),
    search(name, params = {}) {
      const tool = bot.config.search[name]?.tool ?? name;
      return ctx.tool(tool, params, () => searchTable(db, bot.config, name, params));
    },
    says: (type, text = scope.text) => vocabularyOf(bot.config).says(type, text),
    mentioned: (type, text = scope.text) => vocabularyOf(bot.config).mentioned(type, text),
    reply: (key, vars) => fillTemplate(bot.config.replies[key] ?? '', vars),
    profile() {
      const config = profileConfigOf(bot);
      const subject = profileSubject(scope.session);
      scope.profile ??= ctx.tool(config.tools.read, { subject }, async () => (await readProfile(db, bot.config.id, config, subject)).profile);
      return scope.profile;
    },
    async saveProfile(updates) {
      const config = profileConfigOf(bot);
      const subject = profileSubject(scope.session);
      const before = await ctx.profile();
      return ctx.tool(config.tools.write, { subject, updates }, async () => {
        const { values, rejected } = checkProfileUpdates(config, bot.config.gazetteers, updates);
        const updated = Object.keys(values);
        if (updated.length) {
          writes.push(async (tx) => void (await writeProfile(tx, bot.config.id, subject, values)));
          scope.profile = Promise.resolve({ ...before, ...values });
        }
        return { updated, rejected };
      });
    },
  };
  return ctx;
}

function profileConfigOf(bot: LoadedBot) {
  if (!bot.config.profile) throw new Error(`bot '${bot.config.id}' has no profile: declare its fields under profile: in bot.yaml`);
  return bot.config.profile;
}

/** A tool's output as the console's event shows it (long outputs cut). */
function summarize(output: unknown): unknown {
  const s = JSON.stringify(output);
  if (s === undefined) return null;
  return s.length > 2000 ? `${s.slice(0, 2000)}…` : output;
}
