// The tool cascade's bot.yaml keys: top-level `answers:` (the sources: a calendar of dated events, the web search,
// the reply keys and the model's instruction) and each intent's `answer:` (which sources, in which order, about
// which subject). docs/how-to/knowledge-and-replies.md#answers-the-tool-cascade.
import { z } from 'zod';

const CASCADE_SOURCES = ['calendar', 'knowledge', 'web'] as const;
export type CascadeSource = (typeof CASCADE_SOURCES)[number];

const words = z.array(z.string().min(1));

/**
 * Dated events the bot answers "when…?" questions from: rows of a CSV file (`file`, relative to the bot folder)
 * and/or inline `rows`, their columns named by `columns`.
 */
export const calendarSchema = z
  .strictObject({
    file: z.string().min(1).optional(),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).default([]),
    /** Which column holds what (defaults: the field's own name). */
    columns: z
      .strictObject({
        subject: z.string().min(1).default('subject'),
        event: z.string().min(1).default('event'),
        start: z.string().min(1).default('start'),
        end: z.string().min(1).default('end'),
        note: z.string().min(1).default('note'),
      })
      .default({ subject: 'subject', event: 'event', start: 'start', end: 'end', note: 'note' }),
    /** Words and phrases that make a message a date question ("quando", "até que dia"); `inscri*` is a prefix. */
    questions: words.min(1),
    /** A date question's topic → the events that answer it (words of the event's name; `*` a prefix). */
    topics: z.array(z.strictObject({ words: words.min(1), events: words.min(1) })).default([]),
  });

/** The web search: an HTTP endpoint answering in DuckDuckGo's Instant Answer JSON. */
const webSearchSchema = z.strictObject({
  url: z.string().url().default('https://api.duckduckgo.com/'),
  /** Give up after this long; the turn goes on without the web. */
  timeoutMs: z.number().int().min(50).max(30_000).default(2500),
  /** Extra query parameters (a region: `kl: br-pt`). */
  params: z.record(z.string(), z.string()).default({}),
});

/** The reply keys the cascade says its answers with (each a key of `replies`). */
const cascadeRepliesSchema = z.strictObject({
  calendar: z.string().min(1).default('source_calendar'),
  knowledge: z.string().min(1).default('source_knowledge'),
  web: z.string().min(1).default('source_web'),
  /** Nothing answered (the web off or empty). */
  none: z.string().min(1).default('web_unavailable'),
  /** The line before a list of dates ("dates of a past edition…"). */
  dates: z.string().min(1).default('dates_header'),
  /** A date's period: {start} and {end}, from {start}, until {end}, no date. */
  range: z.string().min(1).default('date_range'),
  from: z.string().min(1).default('date_from'),
  until: z.string().min(1).default('date_until'),
  undated: z.string().min(1).default('date_unknown'),
});

export const answersSchema = z.strictObject({
  calendar: calendarSchema.optional(),
  web: webSearchSchema.default({ url: 'https://api.duckduckgo.com/', timeoutMs: 2500, params: {} }),
  /** Words of a message that only opens a subject ("quero ajuda com…"): with no content word it gets the intent's `opening` reply. */
  openings: words.default([]),
  /** The model's instruction before the found material, in the bot's language; {subject} is the intent's subject. */
  instruction: z.string().min(1).optional(),
  replies: cascadeRepliesSchema.default({
    calendar: 'source_calendar',
    knowledge: 'source_knowledge',
    web: 'source_web',
    none: 'web_unavailable',
    dates: 'dates_header',
    range: 'date_range',
    from: 'date_from',
    until: 'date_until',
    undated: 'date_unknown',
  }),
});

const sources = z
  .array(z.enum(CASCADE_SOURCES))
  .min(1)
  .refine((s) => new Set(s).size === s.length, 'a source appears once');

/** An intent answered by the cascade: `answer: [calendar, knowledge, web]`, or with the options below. */
export const intentAnswerSchema = z.union([
  sources.transform((from) => ({ from, documents: [] as string[] }) as IntentAnswer),
  z.strictObject({
    from: sources,
    /** What the intent is about: picks the calendar's rows of that subject, joins a web query that lacks it, fills {subject}. */
    subject: z.string().min(1).optional(),
    /** Knowledge searched only in these documents (file names of the knowledge folder). */
    documents: z.array(z.string().min(1)).default([]),
    /** Reply key for a message that only opens the subject (see `answers.openings`). */
    opening: z.string().min(1).optional(),
  }),
]);

export interface IntentAnswer {
  from: CascadeSource[];
  subject?: string;
  documents: string[];
  opening?: string;
}

export type AnswersConfig = z.infer<typeof answersSchema>;
export type CalendarConfig = z.infer<typeof calendarSchema>;
export type WebSearchConfig = z.infer<typeof webSearchSchema>;
