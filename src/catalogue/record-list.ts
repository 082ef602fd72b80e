// A short list of records (products, classes, offers) as one reply: an intro line, one line per record from a
// reply template, and a line for the rest when there are more than fit.
import { fillTemplate } from '../template/index.ts';

export interface RecordListTemplates {
  /** The first line; `{count}` is the number of records. None: no intro. */
  intro?: string;
  /** One record's line: its fields as placeholders, `{n}` its position from 1. */
  item: string;
  /** The line after the list when some are left out: `{count}` is how many. None: nothing said. */
  more?: string;
}

/** The intro, the first `max` records (default 5) and the "more" line, joined by line breaks. */
export function formatRecordList(records: Record<string, string | number>[], templates: RecordListTemplates, max = 5): string {
  const lines = records.slice(0, max).map((r, i) => fillTemplate(templates.item, { ...r, n: i + 1 }));
  if (templates.intro) lines.unshift(fillTemplate(templates.intro, { count: records.length }));
  if (templates.more && records.length > max) lines.push(fillTemplate(templates.more, { count: records.length - max }));
  return lines.join('\n');
}
