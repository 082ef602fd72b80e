// Conversation tests as data: bots/<id>/conversations.yaml, validated with zod. Errors name the file, the
// conversation (number and name) and the turn, so a bot author can fix a typo at a glance.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';

const MODES = ['bot', 'handoff_pending', 'human'] as const;

/** A regex written as a string; checked to compile when the file loads. */
const regexString = z.string().min(1).superRefine((s, ctx) => {
  try {
    new RegExp(s, 'iu');
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(err as Error).message}` });
  }
});

const expectSchema = z.strictObject({
  /** The understood intents, compared as sets ([] for a turn the bot does not answer). */
  intents: z.array(z.string().min(1)).optional(),
  /** Regexes the reply must match (all of them), case-insensitive; null: the bot stays silent. */
  reply: z.union([regexString, z.array(regexString).min(1), z.null()]).optional(),
  /** Regexes the reply must not match (none of them). */
  notReply: z.union([regexString, z.array(regexString).min(1)]).optional(),
  mode: z.enum(MODES).optional(),
  handoff: z.boolean().optional(),
  /** Values in the session's lasting state by dotted path: `trial.stage: ask_time`. */
  state: z.record(z.string().min(1), z.unknown()).optional(),
  /** Event types that must appear in the turn's NDJSON stream (the turn is then streamed). */
  events: z.array(z.string().min(1)).min(1).optional(),
});

const operatorSchema = z.union([
  z.strictObject({ reply: z.string().min(1) }),
  z.strictObject({ mode: z.enum(MODES), reason: z.string().optional() }),
]);

const turnSchema = z
  .strictObject({
    /** Minutes the conversation's clock moves forward before this turn (handoff timeouts). */
    wait: z.number().positive().optional(),
    /** An operator action through the API, before the user's message of this turn (if any). */
    operator: operatorSchema.optional(),
    user: z.string().min(1).optional(),
    expect: expectSchema.default({}),
    /**
     * A known gap: why the bot gets this turn wrong today. The turn is still played and counted in the
     * accuracy, and reported as a known gap instead of failing the run (and flagged once it passes).
     */
    known: z.string().min(1).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.user === undefined && t.operator === undefined) {
      ctx.addIssue({ code: 'custom', message: 'a turn needs `user` (a message) or `operator` (an action)' });
    }
    if (t.user === undefined) {
      for (const key of ['intents', 'reply', 'notReply', 'events'] as const) {
        if (t.expect[key] !== undefined) ctx.addIssue({ code: 'custom', path: ['expect', key], message: 'needs a user message in the same turn' });
      }
    }
  });

const isoDateTime = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'expected an ISO date-time such as 2026-03-09T12:00:00-03:00');

const conversationSchema = z
  .strictObject({
    name: z.string().min(1),
    /** The server clock at the start of the conversation. */
    clock: isoDateTime.optional(),
    /** userId sent with every message. */
    user: z.string().min(1).max(128).optional(),
    /** Register `user` (POST /api/users) before the first turn, for bots that require sign-in; default true. */
    signedIn: z.boolean().optional(),
    turns: z.array(turnSchema).min(1),
  })
  .superRefine((c, ctx) => {
    if (c.turns[0] && c.turns[0].user === undefined) ctx.addIssue({ code: 'custom', path: ['turns', 0], message: 'the first turn must be a user message (an operator needs a conversation to act on)' });
  });

const fileSchema = z.union([
  z.array(conversationSchema).min(1),
  z.strictObject({
    /** Default clock for conversations that set none. */
    clock: isoDateTime.optional(),
    conversations: z.array(conversationSchema).min(1),
  }),
]);

export type Expectation = z.infer<typeof expectSchema>;
export type OperatorAction = z.infer<typeof operatorSchema>;
export type Turn = z.infer<typeof turnSchema>;
export type Conversation = z.infer<typeof conversationSchema>;

export interface ConversationFile {
  file: string;
  conversations: Conversation[];
}

export class ConversationFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is not a valid conversation file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const CONVERSATIONS_FILE = 'conversations.yaml';

export function conversationsPath(botsDir: string, bot: string): string {
  return join(botsDir, bot, CONVERSATIONS_FILE);
}

export function hasConversations(botsDir: string, bot: string): boolean {
  return existsSync(conversationsPath(botsDir, bot));
}

/** Read and validate a conversations file. Throws ConversationFileError with every problem found. */
export function loadConversations(file: string): ConversationFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConversationFileError(file, [(err as Error).message]);
  }
  return parseConversations(text, file);
}

export function parseConversations(text: string, file = 'conversations.yaml'): ConversationFile {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length) throw new ConversationFileError(file, doc.errors.map((e) => `YAML: ${e.message.split('\n')[0].replace(/:\s*$/, '')}`));
  const raw: unknown = doc.toJS();
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) throw new ConversationFileError(file, describeIssues(raw, parsed.error.issues));
  const data = parsed.data;
  const conversations = Array.isArray(data) ? data : data.conversations.map((c) => ({ ...c, clock: c.clock ?? data.clock }));
  const names = new Map<string, number>();
  const problems: string[] = [];
  conversations.forEach((c, i) => {
    const seen = names.get(c.name);
    if (seen !== undefined) problems.push(`conversation ${i + 1} ("${c.name}"): the name is already used by conversation ${seen + 1}; names must be unique`);
    names.set(c.name, i);
  });
  if (problems.length) throw new ConversationFileError(file, problems);
  return { file, conversations };
}

/** Check the intents a file names against the bot's intents (typos would otherwise just fail at run time). */
export function checkIntents(file: ConversationFile, known: readonly string[]): void {
  const set = new Set(known);
  const problems: string[] = [];
  file.conversations.forEach((c, ci) =>
    c.turns.forEach((t, ti) => {
      const unknown = (t.expect.intents ?? []).filter((i) => !set.has(i));
      if (unknown.length) problems.push(`${where(ci, c.name, ti)}: expect.intents names unknown intent(s) ${unknown.join(', ')} (the bot has: ${known.join(', ')})`);
    }),
  );
  if (problems.length) throw new ConversationFileError(file.file, problems);
}

function where(ci: number, name: string | undefined, ti?: number): string {
  const conv = `conversation ${ci + 1}${name ? ` ("${name}")` : ''}`;
  return ti === undefined ? conv : `${conv}, turn ${ti + 1}`;
}

/**
 * zod issues as "conversation 2 ("name"), turn 3: expect.intents: …". A union of the two file shapes reports
 * both branches' issues; the branch that matches the file's top-level shape is the one that explains it.
 */
function describeIssues(raw: unknown, issues: z.core.$ZodIssue[]): string[] {
  const flat = flattenUnion(raw, issues);
  const conversationsOf = (r: unknown): unknown[] | undefined =>
    Array.isArray(r) ? r : r && typeof r === 'object' && Array.isArray((r as { conversations?: unknown }).conversations) ? (r as { conversations: unknown[] }).conversations : undefined;
  const list = conversationsOf(raw);
  return flat.map((issue) => {
    const path: PropertyKey[] = [...issue.path];
    if (path[0] === 'conversations') path.shift();
    const head = path[0];
    if (typeof head === 'number' && list) {
      const ci = head;
      path.shift();
      const name = (list[ci] as { name?: unknown } | undefined)?.name;
      let ti: number | undefined;
      if (path[0] === 'turns' && typeof path[1] === 'number') {
        ti = path[1] as number;
        path.splice(0, 2);
      }
      const field = path.map(String).join('.');
      return `${where(ci, typeof name === 'string' ? name : undefined, ti)}${field ? `: ${field}` : ''}: ${issue.message}`;
    }
    const field = issue.path.join('.');
    return `${field || '(top level)'}: ${issue.message}`;
  });
}

function flattenUnion(raw: unknown, issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    const branches = unionBranches(issue);
    if (!branches) return [issue];
    return branches.length === 2 && issue.path.length === 0 ? topLevelUnion(raw, issue, branches) : nestedUnion(issue, branches);
  });
}

/** The issues of each branch of a failed union; undefined for any other issue. */
function unionBranches(issue: z.core.$ZodIssue): z.core.$ZodIssue[][] | undefined {
  if (issue.code !== 'invalid_union' || !('errors' in issue) || !Array.isArray(issue.errors)) return undefined;
  return issue.errors as z.core.$ZodIssue[][];
}

/** The file's own union: branch 0 is the plain list, branch 1 the {conversations} object; the one the file is explains it. */
function topLevelUnion(raw: unknown, issue: z.core.$ZodIssue, branches: z.core.$ZodIssue[][]): z.core.$ZodIssue[] {
  const branch = Array.isArray(raw) ? branches[0] : raw && typeof raw === 'object' ? branches[1] : null;
  if (branch) return flattenUnion(raw, branch);
  return [{ ...issue, message: 'expected a list of conversations (or {conversations: [...]})' }];
}

/** Nested unions (operator, reply): the shortest branch explanation is the most useful one. */
function nestedUnion(issue: z.core.$ZodIssue, branches: z.core.$ZodIssue[][]): z.core.$ZodIssue[] {
  if (issue.path.at(-1) === 'operator') return [{ ...issue, message: 'operator must be {reply: text} or {mode: bot|handoff_pending|human, reason?: text}' }];
  const best = branches.map((b) => b.map((i) => ({ ...i, path: [...issue.path, ...i.path] }))).sort((a, b) => a.length - b.length)[0];
  return best?.length ? best : [issue];
}
