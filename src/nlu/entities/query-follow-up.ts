// A follow-up message over the previous search request (bot.yaml `queries:`): "màu trắng thì sao?" after "áo hoodie
// xám size M" keeps the hoodie and the size and changes the colour. Each field the message names replaces the
// previous value; a `generic` value ("áo này") does not replace a more specific one searched before (the hoodie),
// and a `terms` field the message leaves empty keeps the previous words.
import type { QueryConfig, QueryField, QueryValue } from './query-reader.ts';

export interface ContinuedQuery {
  /** The previous values with the message's over them. */
  values: Record<string, QueryValue>;
  /** The fields the message gives: named (a `terms` field with words), and not a generic value standing in for a previous one. */
  given: string[];
}

/** Whether the message's value of the field counts as given. */
function isGiven(spec: QueryField, previous: QueryValue | undefined, current: QueryValue | undefined): boolean {
  if (current === undefined) return false;
  if (spec.kind === 'terms') return Array.isArray(current) && current.length > 0;
  return !(typeof current === 'string' && spec.generic?.includes(current) && previous !== undefined);
}

/** The message's values (`current`, read with readBotQuery) over the previous request's, field by field. */
export function continueQuery(fields: Record<string, QueryField>, previous: Record<string, QueryValue>, current: Record<string, QueryValue>): ContinuedQuery {
  const values: Record<string, QueryValue> = { ...previous };
  const given: string[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    if (!isGiven(spec, previous[field], current[field])) continue;
    values[field] = current[field];
    given.push(field);
  }
  return { values, given };
}

/** continueQuery with the bot's query `name` (bot.yaml `queries:`); an unknown name keeps the previous values. */
export function continueBotQuery(config: Pick<QueryConfig, 'queries'>, name: string, previous: Record<string, QueryValue>, current: Record<string, QueryValue>): ContinuedQuery {
  return continueQuery(config.queries[name] ?? {}, previous, current);
}
