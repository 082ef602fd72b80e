// `switchboard check`: what can be wrong in a bot folder before it runs — bot.yaml against its schema, a
// missing or empty knowledge folder, reply keys used but not defined, too few or repeated examples — plus
// how well its intents separate (k-fold cross-validation) and how much of the bot is data rather than code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { crossValidate, labelEvidence, toLanguage, type CrossValidation } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';
import type { BotConfig } from './config.ts';
import { answersSchema } from '../knowledge/cascade-schema.ts';
import { repeatedExamples } from './examples.ts';
import { missingCode } from './code-names.ts';
import { BotConfigError, readBotConfig } from './loader.ts';

interface Finding {
  level: 'error' | 'warning';
  file: string;
  field: string;
  message: string;
}

export interface DataRatio {
  dataLines: number;
  codeLines: number;
  /** dataLines / (dataLines + codeLines); 1 for a bot without code. */
  share: number;
}

export interface BotCheck {
  dir: string;
  id: string;
  findings: Finding[];
  crossValidation?: CrossValidation;
  ratio: DataRatio;
}

/** Fewer examples than this and an intent is guessed more than learnt. */
const MIN_EXAMPLES = 5;

export function checkBot(dir: string, opts: { folds?: number; crossValidate?: boolean } = {}): BotCheck {
  const findings: Finding[] = [];
  const ratio = dataRatio(dir);
  let config: BotConfig;
  try {
    config = readBotConfig(dir);
  } catch (err) {
    if (!(err instanceof BotConfigError)) throw err;
    for (const line of err.message.split('\n').slice(1)) {
      const m = /^\s*- ([^:]+): (.*)$/.exec(line);
      if (m) findings.push({ level: 'error', file: 'bot.yaml', field: m[1], message: m[2] });
    }
    if (!findings.length) findings.push({ level: 'error', file: 'bot.yaml', field: '(root)', message: err.message });
    return { dir, id: dir.split(/[\\/]/).pop()!, findings, ratio };
  }
  const lang = toLanguage(config.language);
  findings.push(...checkKnowledge(dir, config), ...checkCalendarFile(dir, config), ...missingCode(dir, config), ...checkReplyKeys(dir, config), ...checkExamples(config, lang));
  const examples = Object.entries(config.intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
  // The runtime also trains on the labels of intents with few examples: they join every training fold.
  const crossValidation = opts.crossValidate === false ? undefined : crossValidate(examples, lang, opts.folds ?? 5, config.understanding.fallback, labelEvidence(config.intents), config.understanding.wordVectors);
  return { dir, id: config.id, findings, crossValidation, ratio };
}

function checkKnowledge(dir: string, config: BotConfig): Finding[] {
  if (!config.knowledge) return [];
  const folder = join(dir, config.knowledge);
  const docs = filesUnder(folder).filter((f) => f.endsWith('.md'));
  if (docs.length) return [];
  return [{ level: 'error', file: 'bot.yaml', field: 'knowledge', message: `'${config.knowledge}' has no markdown documents` }];
}

const KEY = /^[a-z][a-z0-9_]*$/;

/** A single snake_case word is a reply key; anything else is the text itself. */
function missingKeys(refs: [string, string | undefined][], has: (key: string) => boolean): Finding[] {
  return refs
    .filter(([, value]) => value && KEY.test(value) && value.includes('_') && !has(value))
    .map(([field, value]) => ({ level: 'error', file: 'bot.yaml', field, message: `reply key '${value}' is not in replies` }));
}

/** The reply keys `actions:` names (the headings and failures, each intent's replies, the resolve questions). */
function actionReplyRefs(config: BotConfig): [string, string | undefined][] {
  const a = config.actions;
  if (!a) return [];
  return [
    ['actions.done', a.done],
    ['actions.failed', a.failed],
    ['actions.failure', a.failure],
    ['actions.unexpected', a.unexpected],
    ['actions.nothing', a.nothing],
    ...Object.entries(a.intents).flatMap(([id, i]): [string, string | undefined][] => [
      [`actions.intents.${id}.reply`, i.reply],
      [`actions.intents.${id}.empty.reply`, i.empty?.reply],
      [`actions.intents.${id}.failure`, i.failure],
    ]),
    ...Object.entries(a.resolve).flatMap(([ref, r]): [string, string][] => [
      [`actions.resolve.${ref}.missing`, r.missing],
      [`actions.resolve.${ref}.ambiguous`, r.ambiguous],
      ...(r.create ? [[`actions.resolve.${ref}.create.declined`, r.create.declined] as [string, string]] : []),
    ]),
  ];
}

/**
 * The reply keys the tool cascade of the intents with `answer:` says: each source's line, the line when none
 * answers, the calendar's header and period words, and each intent's opening.
 */
function cascadeReplyRefs(config: BotConfig): [string, string][] {
  const intents = Object.entries(config.intents).filter(([, i]) => i.answer);
  if (!intents.length) return [];
  const r = (config.answers ?? answersSchema.parse({})).replies;
  const sources = new Set(intents.flatMap(([, i]) => i.answer!.from));
  const refs: [string, string][] = [...sources].map((s) => [`answers.replies.${s}`, r[s]]);
  refs.push(['answers.replies.none', r.none]);
  if (sources.has('calendar')) for (const k of ['dates', 'range', 'from', 'until', 'undated'] as const) refs.push([`answers.replies.${k}`, r[k]]);
  for (const [id, i] of intents) if (i.answer!.opening) refs.push([`intents.${id}.answer.opening`, i.answer!.opening]);
  return refs;
}

/** A calendar file that is not there: the calendar has its inline rows alone. */
function checkCalendarFile(dir: string, config: BotConfig): Finding[] {
  const file = config.answers?.calendar?.file;
  if (!file || existsSync(resolve(dir, file))) return [];
  return [{ level: 'warning', file: 'bot.yaml', field: 'answers.calendar.file', message: `'${file}' does not exist: the calendar has only its inline rows` }];
}

/** Reply keys named by forms and actions (errors) and by the bot's code with a literal key (warnings). */
function checkReplyKeys(dir: string, config: BotConfig): Finding[] {
  const out: Finding[] = [];
  const has = (key: string) => config.replies[key] !== undefined;
  for (const [formId, form] of Object.entries(config.forms)) {
    const refs: [string, string | undefined][] = [
      [`forms.${formId}.confirm`, form.confirm],
      [`forms.${formId}.done`, form.done],
      [`forms.${formId}.cancelled`, form.cancelled],
      [`forms.${formId}.undone`, form.undone],
      [`forms.${formId}.askMany`, form.askMany],
      [`forms.${formId}.askAll`, form.askAll],
      [`forms.${formId}.welcome`, form.welcome],
      ...Object.entries(form.slots).flatMap(([name, s]): [string, string | undefined][] => [
        [`forms.${formId}.slots.${name}.ask`, s.ask],
        [`forms.${formId}.slots.${name}.invalid`, s.invalid],
        [`forms.${formId}.slots.${name}.label`, s.label],
      ]),
    ];
    out.push(...missingKeys(refs, has));
  }
  out.push(...missingKeys(actionReplyRefs(config), has));
  for (const [field, key] of cascadeReplyRefs(config)) {
    if (!has(key)) out.push({ level: 'error', file: 'bot.yaml', field, message: `reply key '${key}' is not in replies (the tool cascade says it; "" to say nothing)` });
  }
  for (const file of filesUnder(dir).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\breply\(\s*['"]([a-z][a-z0-9_]*)['"]/g)) {
      if (!has(m[1])) out.push({ level: 'warning', file: relative(dir, file), field: `reply('${m[1]}')`, message: `reply key '${m[1]}' is not in bot.yaml replies (it reads as an empty text)` });
    }
    // A form validator's `say: 'key'` and a completion's `reply: 'key'` (a snake_case word is a key, not a text).
    for (const m of text.matchAll(/\b(say|reply):\s*['"]([a-z][a-z0-9]*_[a-z0-9_]*)['"]/g)) {
      if (!has(m[2])) out.push({ level: 'warning', file: relative(dir, file), field: `${m[1]}: '${m[2]}'`, message: `reply key '${m[2]}' is not in bot.yaml replies (it is said as it is written)` });
    }
  }
  return dedupe(out);
}

function checkExamples(config: BotConfig, lang: Language): Finding[] {
  const out: Finding[] = [];
  for (const [id, intent] of Object.entries(config.intents)) {
    const n = intent.examples.length;
    if (n === 0 && id === config.understanding.fallback) continue;
    if (n < MIN_EXAMPLES) out.push({ level: 'warning', file: 'bot.yaml', field: `intents.${id}.examples`, message: `${n} example${n === 1 ? '' : 's'}: give at least ${MIN_EXAMPLES}, in the words customers use` });
  }
  for (const r of repeatedExamples(config.intents, lang)) {
    // Quote both examples as written: "vlw" and "valeu" are one example only once slang is folded.
    const same = r.example === r.firstExample;
    const level = r.intent === r.first ? 'warning' : 'error';
    const message =
      r.intent === r.first
        ? same
          ? `"${r.example}" is there twice`
          : `"${r.example}" and "${r.firstExample}" are one example once read (slang, accents and case folded)`
        : same
          ? `"${r.example}" is also an example of ${r.first}: the classifier cannot tell them apart`
          : `"${r.example}" reads as "${r.firstExample}", an example of ${r.first}: the classifier cannot tell them apart`;
    out.push({ level, file: 'bot.yaml', field: `intents.${r.intent}.examples`, message });
  }
  return out;
}

/**
 * Lines of data (bot.yaml, knowledge, other data files) against lines of non-test TypeScript. Conversation
 * tests and READMEs count as neither.
 */
export function dataRatio(dir: string): DataRatio {
  let dataLines = 0;
  let codeLines = 0;
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file);
    const lines = countLines(file);
    if (name.endsWith('.ts')) {
      if (!/\.test\.ts$/.test(name) && !name.startsWith('testing')) codeLines += lines;
    } else if (name !== 'conversations.yaml' && !/(^|\/)README\.md$/i.test(name) && /\.(ya?ml|md|json|jsonl|csv|txt)$/.test(name)) {
      dataLines += lines;
    }
  }
  return { dataLines, codeLines, share: dataLines + codeLines ? dataLines / (dataLines + codeLines) : 1 };
}

/** Lines as `wc -l` counts them. */
function countLines(file: string): number {
  return (readFileSync(file, 'utf8').match(/\n/g) ?? []).length;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .filter((f) => !f.includes('node_modules'));
}

function dedupe(list: Finding[]): Finding[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    const key = `${f.file}|${f.field}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The report as text lines. */
export function formatCheck(c: BotCheck, root: string): string[] {
  const lines = [`${c.id}  (${relative(root, c.dir) || c.dir})`];
  for (const f of c.findings) lines.push(`  ${f.level === 'error' ? '✗ error  ' : '! warning'}  ${f.file} ${f.field}: ${f.message}`);
  if (c.crossValidation) {
    const cv = c.crossValidation;
    lines.push(`  intent accuracy: ${(cv.accuracy * 100).toFixed(1)}% (${cv.folds}-fold cross-validation over ${cv.n} examples)`);
    if (cv.confused.length) {
      lines.push(`  most confused: ${cv.confused.slice(0, 5).map((p) => `${p.expected} → ${p.predicted} ×${p.count}`).join(', ')}`);
    }
  }
  const r = c.ratio;
  lines.push(`  data vs code: ${r.dataLines} data lines, ${r.codeLines} TypeScript lines → ${(r.share * 100).toFixed(0)}% data`);
  return lines;
}
