// The tool cascade: an intent's question answered by its sources in order (bot.yaml `intents.<id>.answer`,
// e.g. [calendar, knowledge, web]), stopping at the first that answers, each run as a tool (tool_start/tool_end
// events) and the answer closed by the line saying where it came from. The sources live in src/knowledge (the
// calendar, the knowledge search, the web search); this runs them in a turn. With a model, the material found
// becomes a grounded answer; without one (or when it fails), the material itself answers.
import type { BotConfig } from '../bot/config.ts';
import { answersSchema, createCalendar, formatEvents, mentions, withoutPhrases, type AnswersConfig, type Calendar, type CascadeSource, type DatePeriod, type IntentAnswer } from '../knowledge/index.ts';
import type { TopicRouter } from '../knowledge/topics.ts';
import { foldDiacritics } from '../text/index.ts';
import { answerFromPassages, searchPassages, type PassageAnswerOptions } from './specialists.ts';
import { rankerFor } from './topic-search.ts';
import type { TurnContext } from './types.ts';

/** The tools of the cascade, as events and traces name them (and `toolLabels` labels them). */
const CASCADE_TOOLS: Record<CascadeSource, string> = { calendar: 'getImportantDates', knowledge: 'knowledgeSearch', web: 'webSearch' };

export interface CascadeAnswer {
  text: string;
  /** Which source answered; `opening` for a message that only opens the subject, `none` when none did. */
  source: CascadeSource | 'opening' | 'none';
  /** The tools called, in order. */
  tools: string[];
}

export interface CascadeOptions {
  /** The sources and subject (default: the intent's `answer` in bot.yaml, else the knowledge alone). */
  answer?: IntentAnswer;
  /** More for the model's prompt (examples of good answers). */
  context?: string;
  /** The model call's purpose in the trace (default `<intent>_answer`). */
  purpose?: string;
}

const DEFAULTS = answersSchema.parse({});
const compiled = new WeakMap<BotConfig, { answers: AnswersConfig; calendar: Calendar | null; ranker: TopicRouter }>();

/** A bot's cascade settings, its calendar and the ranker whose content words it uses (built once per config). */
function cascadeOf(config: BotConfig) {
  let c = compiled.get(config);
  if (!c) {
    const answers = config.answers ?? DEFAULTS;
    c = { answers, calendar: answers.calendar ? createCalendar(answers.calendar) : null, ranker: rankerFor(config) };
    compiled.set(config, c);
  }
  return c;
}

/** The calendar of bot.yaml `answers.calendar` (null without one). */
export function calendarOf(config: BotConfig): Calendar | null {
  return cascadeOf(config).calendar;
}

/** A message that only opens a subject: one of `answers.openings`, no content word besides them, not a date question. */
export function isOpening(config: BotConfig, text: string): boolean {
  const { answers, calendar, ranker } = cascadeOf(config);
  return mentions(text, answers.openings) && ranker.contentWords(withoutPhrases(text, answers.openings)).length === 0 && !calendar?.isDateQuestion(text);
}

const closeWith = (text: string, line: string) => (line ? `${text.trim()}\n\n${line}` : text.trim());

/** Answer the message through the intent's cascade. */
export async function answerWithCascade(ctx: TurnContext, intent: string, options: CascadeOptions = {}): Promise<CascadeAnswer> {
  const answer = options.answer ?? ctx.intentsConfig[intent]?.answer ?? ctx.bot.intents[intent]?.answer ?? { from: ['knowledge'], documents: [] };
  const { answers } = cascadeOf(ctx.bot);
  const tools: string[] = [];
  if (answer.opening && isOpening(ctx.bot, ctx.text)) return { text: ctx.reply(answer.opening), source: 'opening', tools };
  const run: CascadeRun = { ctx, intent, answer, options, tools };
  for (const source of answer.from) {
    const text = await SOURCES[source](run);
    if (text !== undefined) return { text, source, tools };
  }
  return { text: ctx.reply(answers.replies.none), source: 'none', tools };
}

/** One run of the cascade: the turn, the intent's answer settings, and the tools called so far. */
interface CascadeRun {
  ctx: TurnContext;
  intent: string;
  answer: IntentAnswer;
  options: CascadeOptions;
  tools: string[];
}

/** Each source: its answer closed by the line saying where it came from, or undefined when it has none. */
const SOURCES: Record<CascadeSource, (run: CascadeRun) => Promise<string | undefined>> = { calendar: fromCalendar, knowledge: fromKnowledge, web: fromWeb };

/** How the model writes a grounded answer: the purpose, the bot's instruction for the subject, what to say when it fails. */
function groundedOptions(run: CascadeRun, fallback?: string): PassageAnswerOptions {
  const { answers } = cascadeOf(run.ctx.bot);
  return {
    purpose: run.options.purpose ?? `${run.intent}_answer`,
    context: run.options.context,
    fallback,
    history: true,
    ...(answers.instruction ? { instruction: answers.instruction.replaceAll('{subject}', run.answer.subject ?? '') } : {}),
  };
}

/** The dates of the bot's calendar the question is about. */
async function fromCalendar(run: CascadeRun): Promise<string | undefined> {
  const { ctx, answer, tools } = run;
  const { answers, calendar, ranker } = cascadeOf(ctx.bot);
  const { replies } = answers;
  const subject = answer.subject;
  if (!calendar?.isDateQuestion(ctx.text)) return undefined;
  tools.push(CASCADE_TOOLS.calendar);
  const { dates } = await ctx.tool(CASCADE_TOOLS.calendar, { subject: subject ?? null }, async () => ({ dates: calendar.ofSubject(subject) }));
  const found = calendar.answering(ctx.text, dates, ranker.contentWords);
  if (!found.length) return undefined;
  const period = (p: DatePeriod) => ctx.reply(replies[p.kind], p.kind === 'undated' ? {} : p);
  const material = `${ctx.reply(replies.dates)}\n${formatEvents(found, ctx.bot.language, period)}`.trim();
  return closeWith(await answerFromPassages(ctx, [material], groundedOptions(run, material)), ctx.reply(replies.calendar));
}

/** The passages of the bot's knowledge that answer the question. */
async function fromKnowledge(run: CascadeRun): Promise<string | undefined> {
  const { ctx, intent, answer, tools } = run;
  tools.push(CASCADE_TOOLS.knowledge);
  const passages = await searchPassages(ctx, intent, answer.documents);
  if (!passages.length) return undefined;
  const texts = passages.slice(0, 3).map((p) => p.content);
  return closeWith(await answerFromPassages(ctx, texts, groundedOptions(run)), ctx.reply(cascadeOf(ctx.bot).answers.replies.knowledge));
}

/** A web search for the question (with the subject when the question does not name it). */
async function fromWeb(run: CascadeRun): Promise<string | undefined> {
  const { ctx, tools } = run;
  const subject = run.answer.subject;
  tools.push(CASCADE_TOOLS.web);
  const query = subject && !foldDiacritics(ctx.text.toLowerCase()).includes(foldDiacritics(subject.toLowerCase())) ? `${ctx.text} ${subject}` : ctx.text;
  const web = await ctx.tool(CASCADE_TOOLS.web, { query }, () => ctx.searchWeb(query));
  if (!web.available || !web.found) return undefined;
  const found = web.abstract || web.related.map((r) => r.text).slice(0, 3).join('\n');
  const link = web.url || web.related[0]?.url || '';
  const text = await answerFromPassages(ctx, [[web.heading, found, link].filter(Boolean).join('\n')], groundedOptions(run, [found, link].filter(Boolean).join('\n')));
  return closeWith(text, ctx.reply(cascadeOf(ctx.bot).answers.replies.web));
}
