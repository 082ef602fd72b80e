// Which reader reads a slot of a form with `read: message`, by the slot's kind (a `number:`, `money:`, `place:`,
// `household:` or `name:` entity, regex entities, a gazetteer, or a reader of the bot's code), and what a form's
// declaration of that reading gets wrong. Only bot.yaml is needed here: bot.yaml checks use it too.
import type { BotConfig } from '../bot/config.ts';
import type { PatternEntity } from '../nlu/types.ts';
import type { FormConfig, SlotConfig } from './schema.ts';

export type Reader =
  | { kind: 'number' | 'money' | 'place' | 'household' | 'name'; entity: PatternEntity }
  | { kind: 'name'; entity?: undefined }
  | { kind: 'pattern'; entities: PatternEntity[]; gazetteer?: string }
  | { kind: 'gazetteer'; type: string }
  | { kind: 'code'; name: string };

/** How a slot (or a set-aside entry of `readOrder`) of this kind is read; undefined for a kind no slot reader reads. */
export function readerOf(bot: BotConfig, kind: string, code?: string): Reader | undefined {
  if (code) return { kind: 'code', name: code };
  const declared = bot.entities.filter((e) => e.type === kind);
  for (const key of ['number', 'money', 'place', 'household', 'name'] as const) {
    const entity = declared.find((e) => e[key]);
    if (entity) return { kind: key, entity };
  }
  if (kind === 'name') return { kind: 'name' };
  const patterns = declared.filter((e) => e.pattern);
  const gazetteer = bot.gazetteers.some((g) => g.type === kind);
  // Regex entities and a gazetteer of one type: the patterns first, then the gazetteer (neither hides the other).
  if (patterns.length) return { kind: 'pattern', entities: patterns, ...(gazetteer ? { gazetteer: kind } : {}) };
  if (gazetteer) return { kind: 'gazetteer', type: kind };
  return undefined;
}

/** The slots of a `read: message` form that its slot readers read (the others, built-in kinds, come from the entities). */
export function slotsRead(bot: BotConfig, form: FormConfig): string[] {
  const hosted = new Set(Object.values(form.slots).flatMap((s) => (s.stateSlot ? [s.stateSlot] : [])));
  return Object.entries(form.slots)
    .filter(([name, s]) => hosted.has(name) || s.within || readerOf(bot, s.kind, s.reader))
    .map(([name]) => name);
}

/**
 * The problems of a `read: message` form's declaration (unknown slots, entities, readers), for checking bot.yaml and
 * loading a bot; the slot readers of the bot's code are checked only when given.
 */
export function readingProblems(bot: BotConfig, id: string, form: FormConfig, readers?: Record<string, unknown>): string[] {
  if (form.read !== 'message') return [];
  return [
    ...(form.extract ? [`forms.${id}: extract and read: message both read the slots; keep one`] : []),
    ...Object.entries(form.slots).flatMap(([name, slot]) => slotProblems(bot, form, `forms.${id}.slots.${name}`, slot, readers)),
    ...(form.readOrder ?? [])
      .filter((entry) => !form.slots[entry] && !readerOf(bot, entry))
      .map((entry) => `forms.${id}.readOrder: '${entry}' is neither a slot of the form nor an entity or gazetteer type`),
  ];
}

/** The problems of one slot's reading keys (`reader`, `stateSlot`, `within`, `perPersonWith`, `any`); `at` is its path. */
function slotProblems(bot: BotConfig, form: FormConfig, at: string, slot: SlotConfig, readers?: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (slot.reader && readers && !readers[slot.reader]) out.push(`${at}.reader names '${slot.reader}', which the bot's index.ts does not export in slotReaders`);
  if (slot.stateSlot && !form.slots[slot.stateSlot]) out.push(`${at}.stateSlot: '${slot.stateSlot}' is not a slot of the form`);
  if (slot.within && !form.slots[slot.within]) out.push(`${at}.within: '${slot.within}' is not a slot of the form`);
  if (slot.perPersonWith && !bot.entities.some((e) => e.type === slot.perPersonWith && e.household)) out.push(`${at}.perPersonWith: '${slot.perPersonWith}' is not a household: entity`);
  const g = bot.gazetteers.find((x) => x.type === slot.kind);
  if (slot.any !== undefined && !g?.indifferent) out.push(`${at}.any: the slot's kind is not a gazetteer with indifferent:`);
  return out;
}
