// bot.yaml's cross-references, checked once its shape is valid: the fallback, exclusive intents, skills' intents
// and forms' intents must name intents; a slot's kind must be built in, a gazetteer's or a regex entity's; no slot
// may be called `confirm`; a form read by the slot readers names slots, entities and gazetteers that exist. One
// check per part of bot.yaml, each adding its problems in the order of the file.
import { searchProblems } from '../catalogue/table-search-schema.ts';
import { tableProblems } from '../catalogue/table-load-schema.ts';
import { dataProblems } from './data-schema.ts';
import { readingProblems } from '../forms/reading-kinds.ts';
import { BUILTIN_SLOT_KINDS, type FormConfig } from '../forms/schema.ts';
import type { BotConfig, IntentConfig } from './config.ts';
import { refineProblems } from './refine-schema.ts';
import { routingProblems } from './route-schema.ts';

type Path = (string | number)[];

/** A problem of bot.yaml: where it is and what is wrong. */
export interface ConfigProblem {
  path: Path;
  message: string;
}

/** A check of one part of bot.yaml. */
interface Checking {
  c: BotConfig;
  gazetteerTypes: Set<string>;
  problem(path: Path, message: string): void;
  /** An id that must be one of the intents. */
  need(id: string, path: Path): void;
}

const CHECKS: ((k: Checking) => void)[] = [intentReferences, refineRules, routingRules, placeGazetteers, actionIntents, intentAnswers, queryKinds, searchesAndTables, profileKinds, forms];

/** Every problem of bot.yaml's cross-references, in the order of the checks. */
export function botConfigProblems(c: BotConfig): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const intents = new Set(Object.keys(c.intents));
  const problem = (path: Path, message: string) => void out.push({ path, message });
  const k: Checking = {
    c,
    gazetteerTypes: new Set(c.gazetteers.map((g) => g.type)),
    problem,
    need: (id, path) => {
      if (!intents.has(id)) problem(path, `'${id}' is not one of the intents (${[...intents].join(', ')})`);
    },
  };
  for (const check of CHECKS) check(k);
  return out;
}

/** The fallback, the exclusive intents, the skills' and the gazetteers' intents. */
function intentReferences({ c, need }: Checking): void {
  need(c.understanding.fallback, ['understanding', 'fallback']);
  c.understanding.exclusive.forEach((id, i) => need(id, ['understanding', 'exclusive', i]));
  for (const [group, skill] of Object.entries(c.skills)) if (skill.intent) need(skill.intent, ['skills', group, 'intent']);
  c.gazetteers.forEach((g, i) => g.intent && need(g.intent, ['gazetteers', i, 'intent']));
}

/** routing: the intents, workflows, forms and conditions its rules name. */
function routingRules({ c, need, problem }: Checking): void {
  routingProblems(c, need, problem);
}

/** understanding.refine: the intents, entity types, queries and topics its rules name. */
function refineRules({ c, need, problem }: Checking): void {
  refineProblems(c, need, problem);
}

/** A `place:` entity's cities and states, and the types a gazetteer's `notInside` names, are gazetteers. */
function placeGazetteers({ c, gazetteerTypes, problem }: Checking): void {
  c.gazetteers.forEach((g, i) => {
    for (const type of g.notInside ?? []) if (!gazetteerTypes.has(type)) problem(['gazetteers', i, 'notInside'], `'${type}' is not one of the gazetteers`);
  });
  c.entities.forEach((e, i) => {
    for (const key of ['cities', 'states'] as const) {
      const type = e.place?.[key];
      if (type !== undefined && !gazetteerTypes.has(type)) problem(['entities', i, 'place', key], `'${type}' is not one of the gazetteers`);
    }
  });
}

function actionIntents({ c, need }: Checking): void {
  for (const id of Object.keys(c.actions?.intents ?? {})) need(id, ['actions', 'intents', id]);
}

/** An intent's cascade and search name what they use. */
function intentAnswers(k: Checking): void {
  const { c, problem } = k;
  for (const [id, intent] of Object.entries(c.intents)) {
    if (intent.answer?.from.includes('calendar') && !c.answers?.calendar) {
      problem(['intents', id, 'answer', 'from'], "'calendar' needs answers.calendar (its rows and date-question words)");
    }
    if (intent.search) intentSearch(k, id, intent.search);
    if (intent.answer?.documents.length && !c.knowledge) problem(['intents', id, 'answer', 'documents'], 'documents need a knowledge folder (knowledge:)');
  }
}

/** An intent answered by a search: the search exists, with the filters it names; no form shares its id. */
function intentSearch({ c, problem }: Checking, id: string, wanted: NonNullable<IntentConfig['search']>): void {
  const search = c.search[wanted.name];
  if (!search) problem(['intents', id, 'search', 'name'], `'${wanted.name}' is not one of the searches (search: ${Object.keys(c.search).join(', ') || 'none'})`);
  for (const f of [...Object.keys(wanted.filters), ...Object.keys(wanted.defaults), ...wanted.refine.map((r) => r.filter)]) {
    if (search && !search.filters[f]) problem(['intents', id, 'search', 'filters', f], `'${f}' is not a filter of search '${wanted.name}'`);
  }
  for (const r of wanted.refine) if (search && !['at_most', 'at_least'].includes(search.filters[r.filter]?.match ?? '')) problem(['intents', id, 'search', 'refine'], `'${r.filter}' is no at_most or at_least filter`);
  if (c.forms[id]) problem(['intents', id, 'search'], `a form is called '${id}' too: the search keeps its state under the intent's id`);
}

function queryKinds({ c, problem }: Checking): void {
  const kinds = new Set(['budget', 'size', 'height', 'weight', 'terms', ...c.gazetteers.map((g) => g.type)]);
  for (const [name, fields] of Object.entries(c.queries)) {
    for (const [field, spec] of Object.entries(fields)) {
      if (!kinds.has(spec.kind)) problem(['queries', name, field, 'kind'], `'${spec.kind}' is not a query kind: use one of ${[...kinds].join(', ')}`);
      for (const type of spec.except ?? []) if (!c.gazetteers.some((g) => g.type === type)) problem(['queries', name, field, 'except'], `'${type}' is not a gazetteer`);
    }
  }
  sizeChartQueries({ c, problem });
  saleorSearchFields({ c, problem });
}

/** saleor.search reads a query the bot declares, and names only its fields. */
function saleorSearchFields({ c, problem }: Pick<Checking, 'c' | 'problem'>): void {
  const search = c.saleor?.search;
  if (!search) return;
  const fields = c.queries[search.query];
  if (!fields) return problem(['saleor', 'search', 'query'], `'${search.query}' is not a query of queries:`);
  const named: [string, string | undefined][] = [
    ['categories', search.categories?.field], ['price', search.price], ['variant', search.variant.size], ['variant', search.variant.color],
    ...search.attributes.map((a) => ['attributes', a.field] as [string, string]),
    ...[...search.text, ...search.relax].map((f) => ['text', f] as [string, string]),
  ];
  for (const [key, field] of named) if (field && !fields[field]) problem(['saleor', 'search', key], `'${field}' is not a field of query '${search.query}'`);
}

/** A size chart's measurements and its `for` field are read with queries the bot declares. */
function sizeChartQueries({ c, problem }: Pick<Checking, 'c' | 'problem'>): void {
  const chart = c.sizeChart;
  if (!chart) return;
  const fields = c.queries[chart.measures];
  if (!fields) problem(['sizeChart', 'measures'], `'${chart.measures}' is not a query of queries:`);
  for (const measure of Object.keys(chart.rows[0] ?? {}).filter((k) => k !== 'size')) {
    if (fields && !fields[measure]) problem(['sizeChart', 'rows'], `'${measure}' is not a field of query '${chart.measures}'`);
  }
  if (chart.decides && fields && !fields[chart.decides]) problem(['sizeChart', 'decides'], `'${chart.decides}' is not a field of query '${chart.measures}'`);
  if (chart.for && !c.queries[chart.for.query]?.[chart.for.field]) problem(['sizeChart', 'for'], `'${chart.for.field}' is not a field of query '${chart.for.query}'`);
}

function searchesAndTables({ c, gazetteerTypes, problem }: Checking): void {
  for (const p of searchProblems(c.search, gazetteerTypes)) problem(p.path, p.message);
  for (const p of tableProblems(c.tables, gazetteerTypes)) problem(p.path, p.message);
  for (const p of dataProblems(c.data, c.gazetteers)) problem(p.path, p.message);
}

function profileKinds({ c, gazetteerTypes, problem }: Checking): void {
  for (const [field, spec] of Object.entries(c.profile?.fields ?? {})) {
    if (!['text', 'number', 'boolean', ...gazetteerTypes].includes(spec.kind)) {
      problem(['profile', 'fields', field, 'kind'], `'${spec.kind}' is not a profile field kind: use text, number, boolean or one of the gazetteers`);
    }
  }
}

/** Each form: its intent, its profile, its reading, its slots and its calendar. */
function forms(k: Checking): void {
  const { c } = k;
  const resultTypes = Object.values(c.intents).flatMap((i) => (i.search?.results ? [i.search.results.type] : []));
  const kinds = new Set<string>([...BUILTIN_SLOT_KINDS, ...c.gazetteers.map((g) => g.type), ...c.entities.map((e) => e.type), ...resultTypes]);
  for (const [formId, form] of Object.entries(c.forms)) {
    formProfile(k, formId, form);
    for (const problem of readingProblems(c, formId, form)) k.problem(['forms', formId], problem);
    formSlots(k, formId, form, kinds);
    formCalendar(k, formId, form);
  }
}

/** A form's intent, and the profile its `profile` and `completes` need. */
function formProfile({ c, need, problem }: Checking, formId: string, form: FormConfig): void {
  // A bot-routed form may run under a route name of its own (an onboarding no message is classified as).
  if (form.routing === 'runtime') need(form.intent ?? formId, ['forms', formId, 'intent']);
  if ((form.profile || form.completes) && !c.profile) problem(['forms', formId, form.profile ? 'profile' : 'completes'], 'the bot has no profile: declare its fields under profile:');
  if (form.completes && c.profile && c.profile.fields[form.completes]?.kind !== 'boolean') {
    problem(['forms', formId, 'completes'], `'${form.completes}' is not a boolean field of the profile`);
  }
}

function formSlots({ c, problem }: Checking, formId: string, form: FormConfig, kinds: Set<string>): void {
  for (const [name, slot] of Object.entries(form.slots)) {
    const at = ['forms', formId, 'slots', name];
    if (name === 'confirm') problem(at, "'confirm' is the stage of the summary: give the slot another name");
    if (!kinds.has(slot.kind)) problem([...at, 'kind'], `'${slot.kind}' is not a slot kind: use one of ${[...kinds].join(', ')}`);
    for (const other of slot.validate?.dependsOn ?? []) {
      if (!form.slots[other]) problem([...at, 'validate', 'dependsOn'], `'${other}' is not a slot of the form`);
    }
    if (slot.ui && !c.ui[slot.ui]) problem([...at, 'ui'], `'${slot.ui}' is not one of the bot's ui components (ui: ${Object.keys(c.ui).join(', ') || 'none'})`);
  }
}

/** A form's calendar names a date (or datetime) slot and a time slot of the form. */
function formCalendar({ problem }: Checking, formId: string, form: FormConfig): void {
  const calendar = form.calendar;
  if (!calendar) return;
  const kindOf = (slot: string) => form.slots[slot]?.kind;
  if (!['date', 'datetime'].includes(kindOf(calendar.date) ?? '')) problem(['forms', formId, 'calendar', 'date'], `'${calendar.date}' is not a date or datetime slot of the form`);
  if (calendar.time && kindOf(calendar.time) !== 'time') problem(['forms', formId, 'calendar', 'time'], `'${calendar.time}' is not a time slot of the form`);
}
