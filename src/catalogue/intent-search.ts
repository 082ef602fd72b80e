// An intent answered by one of bot.yaml's `search:` entries without code (`intents.<id>.search`): the filters come
// from the message's entities, a short follow-up ("¿y en Belgrano?") keeps the last search's other filters, a
// refinement phrase ("algo más barato") bounds a number filter by the rows shown, and the reply lists the rows with
// the intent's reply templates. The rows shown are kept in the conversation state under the intent's id, and
// `resultEntities` reads a later message's pointer at one of them ("el segundo", "el de la calle Juncal").
import type { BotConfig } from '../bot/config.ts';
import type { TurnContext } from '../engine/types.ts';
import { fillTemplate } from '../template/index.ts';
import { fold } from '../text/index.ts';
import { showValue } from '../forms/slots.ts';
import { readListPosition } from '../nlu/index.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import type { Entity, Language } from '../nlu/types.ts';
import { mentions } from '../knowledge/calendar.ts';
import type { IntentSearchConfig } from './intent-search-schema.ts';
import type { TableSearchConfig } from './table-search-schema.ts';

/** What the conversation state keeps of an intent's last search. */
export interface LastSearch {
  filters: Record<string, unknown>;
  rows: Record<string, unknown>[];
}

/**
 * The filters of this turn's search: those the entities give, plus — for a follow-up (at most `followUp` filters
 * given, or a refinement asked) — the last search's others, else the defaults; a refinement bounds its filter by
 * the rows shown.
 */
export function searchFilters(spec: IntentSearchConfig, search: TableSearchConfig, text: string, entities: Entity[], last: LastSearch | undefined): { filters: Record<string, unknown>; refined: boolean } {
  const given: Record<string, unknown> = {};
  for (const [filter, types] of Object.entries(spec.filters)) {
    const entity = [types].flat().map((type) => entities.find((e) => e.type === type)).find((e) => e !== undefined);
    if (entity) given[filter] = entity.value;
  }
  const refinements = last?.rows.length ? spec.refine.filter((r) => mentions(text, r.phrases)) : [];
  const followUp = last !== undefined && (refinements.length > 0 || Object.keys(given).length <= spec.followUp);
  const filters = { ...spec.defaults, ...(followUp ? { ...last!.filters, ...given } : given) };
  for (const r of refinements) {
    const values = last!.rows.map((row) => Number(row[r.than])).filter(Number.isFinite);
    if (!values.length) continue;
    filters[r.filter] = search.filters[r.filter].match === 'at_most' ? Math.min(...values) - 1 : Math.max(...values) + 1;
  }
  return { filters, refined: refinements.length > 0 };
}

/** A row's values as a reply shows them: numbers as the bot's language tag writes them ("480.000"), the rest as they are. */
function shown(row: Record<string, unknown>, languageTag: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v === null || v === undefined ? '' : typeof v === 'number' ? showValue('number', v, languageTag) : String(v);
  return out;
}

/**
 * Run the intent's search and say its rows: `<intent>_widened` (before the rows when the search widened, `{from}`,
 * `{to}`), `<intent>_found` (`{count}`, `{total}` and the filters as placeholders), one `<intent>_item` per row (its
 * columns and `{n}`), `<intent>_more` (`{count}` left out); with no rows `<intent>_empty`.
 */
export async function answerWithSearch(ctx: TurnContext, intent: string, spec: IntentSearchConfig): Promise<{ text: string; memory: Record<string, unknown> }> {
  const search = ctx.bot.search[spec.name];
  const last = ctx.memory[intent] as LastSearch | undefined;
  const entities = ctx.intents.length > 1 ? ctx.entitiesFor(intent) : ctx.entities;
  const { filters } = searchFilters(spec, search, ctx.text, entities, last);
  const result = await ctx.search(spec.name, { filters, sort: spec.sort });
  const rows = result.rows.slice(0, spec.show ?? search.limit.default);
  // Rejected filters are dropped from what is kept, so the next follow-up does not fail on them again.
  const kept = Object.fromEntries(Object.entries(filters).filter(([k]) => !result.rejected.includes(k)));
  const memory = { [intent]: { filters: kept, rows } satisfies LastSearch };
  const vars = { ...shown(kept, ctx.bot.language), count: rows.length, total: result.total };
  if (!rows.length) return { text: ctx.reply(`${intent}_empty`, vars), memory };
  const lines: string[] = [];
  if (result.widened) lines.push(ctx.reply(`${intent}_widened`, { ...vars, from: result.widened.from, to: result.widened.to }));
  lines.push(ctx.reply(`${intent}_found`, vars));
  const item = ctx.bot.replies[`${intent}_item`] ?? Object.keys(search.columns).map((c) => `{${c}}`).join(' · ');
  rows.forEach((row, i) => lines.push(fillTemplate(item, { ...shown(row, ctx.bot.language), n: i + 1 })));
  if (result.total > rows.length) lines.push(ctx.reply(`${intent}_more`, { ...vars, count: result.total - rows.length }));
  return { text: lines.filter((l) => l.trim()).join('\n'), memory };
}

/** Words of a row's name columns that name it in a message: not numbers shorter than three digits, not stop words. */
function nameWords(value: unknown): string[] {
  return fold(String(value ?? ''))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (/^\d+$/.test(w) ? w.length >= 3 : w.length >= 4));
}

/**
 * The rows a message points at among each search intent's last rows, as entities of its `results.type`: by position
 * in the list shown ("el segundo", "la opción 3", "el último"), else the one row whose name columns share a word
 * with the message ("el de la calle Juncal", "el 124"; a word two rows share names neither).
 */
export function resultEntities(config: Pick<BotConfig, 'intents'>, memory: Record<string, unknown>, text: string, lang: Language): Entity[] {
  const out: Entity[] = [];
  let words: Set<string> | undefined;
  for (const [intent, def] of Object.entries(config.intents ?? {})) {
    const results = def.search?.results;
    const rows = (memory[intent] as LastSearch | undefined)?.rows;
    if (!results || !rows?.length || !text) continue;
    words ??= new Set(foldPreservingOffsets(text.normalize('NFC').toLowerCase()).split(/[^\p{L}\p{N}]+/u));
    const value = (row: Record<string, unknown>) => fillTemplate(results.value, Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v ?? '')])));
    const at = readListPosition(text, lang, rows.length);
    if (at !== undefined) {
      out.push({ type: results.type, value: value(rows[at]), text });
      continue;
    }
    const named = rows.filter((row) => results.names.some((c) => nameWords(row[c]).some((w) => words!.has(w))));
    if (named.length === 1) out.push({ type: results.type, value: value(named[0]), text });
  }
  return out;
}
