// A bot's readers of its messages. The command reader (src/nlu/commands.ts): cues from its intents' examples,
// clauses classified by its local classifier, free-text intents from bot.yaml; one per set of intents (an admin's
// change to the examples replaces bot.intents, and with it the cues). The reference reader (src/nlu/references.ts).
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import { budgetMs, commandReader, createLocalUnderstander, extractEntities, readCommandSlotSets, referenceReader, toLanguage, type CommandClause, type CommandReader, type LocalUnderstander, type ReferenceReader } from '../nlu/index.ts';
import { intentExamples } from '../nlu/intent-labels.ts';
import { understandingOptions } from './understanding.ts';

const readers = new WeakMap<Record<string, IntentConfig>, CommandReader>();

export function botCommandReader(config: BotConfig, intents: Record<string, IntentConfig>, local: Pick<LocalUnderstander, 'classify' | 'options'>): CommandReader {
  let reader = readers.get(intents);
  if (!reader) {
    reader = commandReader(
      Object.entries(intents).flatMap(([intent, c]) => c.examples.map((text) => ({ intent, text }))),
      {
        lang: local.options.language,
        classify: (t) => local.classify(t),
        threshold: config.understanding.threshold,
        fallback: config.understanding.fallback,
        freeText: Object.keys(intents).filter((id) => intents[id].freeText),
        opening: Object.fromEntries(Object.entries(intents).map(([id, c]) => [id, c.opening])),
        references: Object.keys(config.references).map((kind) => referenceReaderFor(config, kind)),
        budgetMs: budgetMs(process.env),
      },
    );
    readers.set(intents, reader);
  }
  return reader;
}

/**
 * Each request with its intent's slots read as bot.yaml declares them (`intents.<id>.slots`); a request naming
 * several entities of one slot ("cadastra o João e o Pedro") is one request per entity.
 */
export function withCommandSlots(config: BotConfig, intents: Record<string, IntentConfig>, clauses: CommandClause[], now: Date): CommandClause[] {
  const lang = toLanguage(config.language);
  const references = Object.fromEntries(Object.keys(config.references).map((kind) => [kind, referenceReaderFor(config, kind)]));
  return clauses.flatMap((clause) => {
    const intent = intents[clause.intent];
    if (!intent) return [clause];
    const options = { lang, locale: config.language, now, timeZone: config.timeZone, opening: intent.opening, words: config.understanding.freeTextWords, references, patterns: config.entities };
    return readCommandSlotSets(clause, intent.slots, options).map((slots) => ({ ...clause, slots }));
  });
}

/**
 * A bot's command reader with its own freshly trained classifier and entities, outside a runtime (a bot's unit
 * tests): each request comes with its slots, read on `clock` (default: now).
 */
export function commandReaderForConfig(config: BotConfig, clock: { now?: Date } = {}): CommandReader {
  const language = toLanguage(config.language);
  const local = createLocalUnderstander(intentExamples(config.intents), understandingOptions(config, language));
  const reader = botCommandReader(config, config.intents, local);
  const now = () => clock.now ?? new Date();
  const entities = (t: string) => extractEntities(t, { lang: language, locale: config.language, now: now(), timeZone: config.timeZone, gazetteers: config.gazetteers, patterns: config.entities });
  return { ...reader, read: (text, read = entities) => withCommandSlots(config, config.intents, reader.read(text, read), now()) };
}

/** The phrases that point back at an entity of `kind` (bot.yaml `references.<kind>` names its nouns). */
export function referenceReaderFor(config: BotConfig, kind: string): ReferenceReader {
  return referenceReader(toLanguage(config.language), config.references[kind] ?? []);
}
