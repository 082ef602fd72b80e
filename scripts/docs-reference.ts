// npm run docs:reference — writes docs/reference/<section>.md, one page per bot.yaml section, from the zod schemas
// (which keys exist, their types, whether required, their defaults) and scripts/docs-reference.yaml (what each
// key means). A key in a schema without a meaning, or a meaning left behind by a removed key, is an error, and
// test/docs-reference.test.ts fails while the pages on disk differ from what this writes: the reference cannot drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { botConfigSchema, handoffSchema, intentSchema, understandingSchema } from '../src/bot/config.ts';
import { formSchema, slotSchema, slotValidationSchema } from '../src/forms/schema.ts';
import { refineRuleSchema, refineWhenSchema } from '../src/bot/refine-schema.ts';
import { routeRuleSchema, routeWhenSchema, routingSchema } from '../src/bot/route-schema.ts';
import { skillsSchema } from '../src/skills/config.ts';
import { tableColumnSchema, tableLoadSchema } from '../src/catalogue/table-load-schema.ts';
import { intentSearchObjectSchema } from '../src/catalogue/intent-search-schema.ts';
import { dataColumnSchema, dataTableSchema, gazetteerFromSchema } from '../src/bot/data-schema.ts';
import { projectRoot } from '../src/paths.ts';

type Shape = Record<string, z.ZodType>;
interface Table {
  /** The entry of scripts/docs-reference.yaml that holds the meanings. */
  meanings: string;
  heading?: string;
  intro?: string;
  shape: Shape;
}
interface Page {
  file: string;
  title: string;
  intro: string;
  tables: Table[];
}

const skills = (skillsSchema.def.innerType as unknown as z.ZodObject).shape as Record<string, z.ZodDefault<z.ZodObject>>;
const slotKeys: Shape = Object.fromEntries(Object.entries(slotSchema.shape).filter(([k]) => k !== 'validate'));
for (const [k, v] of Object.entries(slotValidationSchema.shape)) slotKeys[`validate.${k}`] = v;

export const pages: Page[] = [
  {
    file: 'bot-yaml.md',
    title: 'bot.yaml',
    intro: 'Every top-level key of a bot\'s `bot.yaml`, with its default. Keys not listed here are errors: `switchboard check` names the nearest valid one.',
    tables: [{ meanings: 'bot', shape: botConfigSchema.shape }],
  },
  {
    file: 'understanding.md',
    title: '`understanding`',
    intro: 'How messages are read: the fallback intent, the confidence threshold, several intents per message, local or model understanding.',
    tables: [
      { meanings: 'understanding', shape: understandingSchema.shape },
      {
        meanings: 'refine',
        heading: 'refine',
        intro: 'Each rule of `understanding.refine` ([how-to](../how-to/code.md#refining-intents-with-rules)); the rules are tried in order and the first that holds decides:',
        shape: refineRuleSchema.shape,
      },
      {
        meanings: 'refine-when',
        heading: 'refine: when',
        intro: 'The conditions of a rule\'s `when`; every condition given must hold. `clauses.one` and `clauses.other` take the text conditions (from `says` on):',
        shape: refineWhenSchema.shape,
      },
    ],
  },
  {
    file: 'routing.md',
    title: '`routing`',
    intro: 'Where messages go once their intents are known: the workflows a conversation stays in and ordered route rules ([how-to](../how-to/code.md#routing-with-rules)).',
    tables: [
      { meanings: 'routing', shape: objectShape(routingSchema) },
      {
        meanings: 'route-rule',
        heading: 'rules',
        intro: 'Each rule of `routing.rules`; the rules are tried in order and the first that holds decides. None holds: the bot\'s `route` hook, else the intents.',
        shape: routeRuleSchema.shape,
      },
      {
        meanings: 'route-when',
        heading: 'rules: when',
        intro: 'A rule\'s `when` takes every condition of [`understanding.refine` rules](understanding.md#refine-when), read on the refined intents, and these on the conversation\'s state:',
        shape: { active: routeWhenSchema.shape.active, formWaiting: routeWhenSchema.shape.formWaiting, profileComplete: routeWhenSchema.shape.profileComplete },
      },
    ],
  },
  {
    file: 'intents.md',
    title: '`intents`',
    intro:
      '`intents.<id>`: what a customer may want. **Examples decide how well the bot understands.** Write them the way customers really write: short and long, with and without accents, typos, slang and abbreviations, questions and statements — not forty paraphrases of one sentence. `switchboard check` measures them.',
    tables: [
      { meanings: 'intents', shape: intentSchema.shape },
      {
        meanings: 'intent-search',
        heading: 'search',
        intro: 'An intent answered by a search of `search:` ([how-to](../how-to/tables-and-search.md#an-intent-answered-by-a-search)):',
        shape: intentSearchObjectSchema.shape,
      },
    ],
  },
  {
    file: 'handoff.md',
    title: '`handoff`',
    intro: 'Hand-over settings shared by every handoff of the bot ([how-to](../how-to/handoff.md)).',
    tables: [{ meanings: 'handoff', shape: handoffSchema.shape }],
  },
  {
    file: 'skills.md',
    title: '`skills`',
    intro: [
      'The built-in skills every bot has, each of `human`, `out_of_scope`, `smalltalk` ([how they judge a message](../skills.md)):',
      '',
      '```yaml',
      'skills:',
      '  human: { intent: hablar_dueno }        # the bot\'s own "talk to the owner" intent hands over',
      '  out_of_scope: { reply: "Disso eu não sei, mas posso ajudar com sua reserva." }',
      '  smalltalk: { enabled: false }',
      '```',
    ].join('\n'),
    tables: [{ meanings: 'skills', shape: { ...skills.human.def.innerType.shape, ...skills.smalltalk.def.innerType.shape } }],
  },
  {
    file: 'forms.md',
    title: '`forms`',
    intro: '`forms.<id>`: slot-filling forms ([how-to](../how-to/forms.md)).',
    tables: [
      { meanings: 'forms', shape: formSchema.shape },
      { meanings: 'slots', heading: 'slots', intro: '`forms.<id>.slots.<slot>`:', shape: slotKeys },
    ],
  },
  {
    file: 'tables.md',
    title: '`tables`',
    intro: '`tables.<name>` (the table\'s name, snake_case): a table the bot loads from CSV files ([how-to](../how-to/tables-and-search.md#loading-a-table-from-csv-files)).',
    tables: [
      { meanings: 'tables', shape: tableLoadSchema.shape },
      {
        meanings: 'columns',
        heading: 'columns',
        intro:
          'A column says where its value comes from — one of `from` (a cell), `value` (a constant), `sum` (cells added as numbers, empty ones 0), `fold` (cells joined by spaces and folded) or `lookup` — and what is done to it, in this order.',
        shape: (tableColumnSchema as unknown as { shape?: Shape; def: { in?: { shape: Shape } } }).shape ?? objectShape(tableColumnSchema),
      },
    ],
  },
  {
    file: 'data.md',
    title: '`data`',
    intro: "`data.<name>` (snake_case): a small table shipped with the bot — a JSON, YAML or CSV file and/or rows written inline — checked column by column when the bot loads and kept in memory ([how-to](../how-to/tables-and-search.md#data-shipped-with-the-bot)).",
    tables: [
      { meanings: 'data', shape: dataTableSchema.shape },
      { meanings: 'data-columns', heading: 'columns', intro: '`data.<name>.columns.<column>`: its type alone (`price: integer`) or these keys:', shape: dataColumnSchema.shape },
      { meanings: 'gazetteer-from', heading: 'gazetteers: from', intro: "A gazetteer's `from:` (`gazetteers: [{ type: producto, from: { data: catalogo, value: id, synonyms: [aliases] } }]`): a value per row, added to its `values`.", shape: gazetteerFromSchema.shape },
    ],
  },
];

/** The object shape under wrappers (a refined or preprocessed object). */
function objectShape(schema: z.ZodType): Shape {
  const def = schema.def as unknown as Record<string, z.ZodType | undefined> & { shape?: Shape };
  if (def.shape) return def.shape;
  for (const inner of [def.innerType, def.in, def.out, def.schema]) if (inner) return objectShape(inner);
  throw new Error('docs-reference: no object shape');
}

/** Schemas that wrap another (its `innerType`) without changing the type bot.yaml writes. */
const WRAPPERS = new Set(['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault']);

/** A key's type as bot.yaml writes it. */
export function typeOf(schema: z.ZodType): string {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const inner = (s: unknown) => typeOf(s as z.ZodType);
  if (WRAPPERS.has(def.type)) return inner(def.innerType);
  switch (def.type) {
    case 'pipe':
      return (def.in as z.ZodType).def.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'array':
      return `list of ${inner(def.element)}`;
    case 'record':
      return `map of ${inner(def.valueType)}`;
    case 'object':
      return 'object';
    case 'enum':
      return Object.values(def.entries as Record<string, string>).map((v) => `\`${v}\``).join(', ');
    case 'literal':
      return (def.values as unknown[]).map((v) => `\`${String(v)}\``).join(', ');
    case 'union': {
      const parts = [...new Set((def.options as z.ZodType[]).map(inner))];
      return parts.join(' or ');
    }
    default:
      return def.type;
  }
}

/** `required`, the schema's own default when it is a plain value, else undefined (the meanings file says). */
function schemaDefault(schema: z.ZodType): string | undefined {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'optional') return undefined;
  if (def.type === 'default') {
    const value = def.defaultValue;
    if (typeof value === 'string') return value ? `\`${value}\`` : "`''`";
    if (value === null || typeof value !== 'object' || Object.keys(value).length === 0) return `\`${JSON.stringify(value)}\``;
    return undefined;
  }
  if (def.type === 'pipe') {
    const input = def.in as z.ZodType;
    return input.def.type === 'transform' ? schemaDefault(def.out as z.ZodType) : schemaDefault(input);
  }
  return 'required';
}

interface Meaning {
  default?: string;
  meaning: string;
}

const meaningsFile = join(projectRoot, 'scripts', 'docs-reference.yaml');
const referenceDir = join(projectRoot, 'docs', 'reference');

function renderTable(table: Table, meanings: Record<string, Record<string, Meaning>>): string[] {
  const entries = meanings[table.meanings] ?? {};
  const keys = Object.keys(table.shape);
  const missing = keys.filter((k) => !entries[k]);
  const stale = Object.keys(entries).filter((k) => !(k in table.shape));
  if (missing.length || stale.length) {
    throw new Error(
      `scripts/docs-reference.yaml, ${table.meanings}: ` +
        [missing.length ? `no meaning for ${missing.join(', ')} (add one)` : '', stale.length ? `${stale.join(', ')} no longer in the schema (remove)` : '']
          .filter(Boolean)
          .join('; '),
    );
  }
  const rows: string[][] = [];
  for (const key of keys) {
    const entry = entries[key];
    // required, else the meaning's own words for the default (`the form's id`), else the schema's default
    const fromSchema = schemaDefault(table.shape[key]);
    const dflt = fromSchema === 'required' ? fromSchema : (entry.default ?? fromSchema ?? 'none');
    const row = [`\`${key}\``, typeOf(table.shape[key]), dflt, entry.meaning];
    const last = rows.at(-1);
    // keys that share a type, default and meaning (validate.min, validate.max) are one row
    if (last && last.slice(1).join('|') === row.slice(1).join('|')) last[0] += `, ${row[0]}`;
    else rows.push(row);
  }
  return ['| key | type | default | meaning |', '|---|---|---|---|', ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`)];
}

/** Every reference page's text, by file name. */
export function renderReference(): Map<string, string> {
  const meanings = parse(readFileSync(meaningsFile, 'utf8')) as Record<string, Record<string, Meaning>>;
  const out = new Map<string, string>();
  for (const page of pages) {
    const lines = [`<!-- Generated by \`npm run docs:reference\` from the zod schemas and scripts/docs-reference.yaml: edit those. -->`, `# ${page.title}`, '', page.intro, ''];
    for (const table of page.tables) {
      if (table.heading) lines.push(`## ${table.heading}`, '');
      if (table.intro) lines.push(table.intro, '');
      lines.push(...renderTable(table, meanings), '');
    }
    out.set(page.file, lines.join('\n'));
  }
  const known = new Set(pages.flatMap((p) => p.tables.map((t) => t.meanings)));
  const unused = Object.keys(meanings).filter((m) => !known.has(m));
  if (unused.length) throw new Error(`scripts/docs-reference.yaml: ${unused.join(', ')} belong to no page`);
  return out;
}

export { referenceDir };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [file, text] of renderReference()) writeFileSync(join(referenceDir, file), text);
  console.log(`docs-reference: wrote ${pages.length} pages to docs/reference/`);
}
