// Plays a bot's conversation tests against a running server over HTTP, one conversation after the other
// (they share the server's store: a class booked by one conversation is booked for the next), and checks
// each turn's expectations.
import { isDeepStrictEqual } from 'node:util';
import type { Conversation, ConversationFile, Expectation, OperatorAction } from './conversations.ts';
import { ApiClient, ApiError, loopbackAddress, type ChatReply } from './http.ts';
import { signUserToken } from '../server/identity.ts';
import type { EvalServer } from './server.ts';

export interface TurnResult {
  conversation: string;
  /** 0-based position of the turn in its conversation. */
  index: number;
  user?: string;
  operator?: OperatorAction;
  expect: Expectation;
  got: {
    reply?: string | null;
    intents?: string[];
    mode?: string;
    handoff?: boolean;
    events?: string[];
    state?: Record<string, unknown>;
    path?: string;
  };
  failures: string[];
  /** Client-side latency of the user's message (HTTP round trip), ms. */
  ms?: number;
  /** Model calls the turn made (from the session's turn traces), when collected. */
  modelCalls?: { total: number; understand: number };
  turnId?: string;
  skipped?: boolean;
  /** The turn's `known` gap note, when it has one. */
  known?: string;
}

interface ConversationResult {
  name: string;
  passed: boolean;
  turns: TurnResult[];
  /** Why the conversation stopped early (an HTTP error), if it did. */
  error?: string;
}

export interface BotRun {
  bot: string;
  file: string;
  conversations: ConversationResult[];
}

export interface RunOptions {
  /** Called before each user message (the scripted oracle model learns the expected intents here). */
  beforeUserTurn?: (turn: { text: string; expect: Expectation; conversation: string }) => void;
  /** Read each turn's model calls from GET /api/sessions/:id after each conversation. */
  collectModelCalls?: boolean;
  /** Clock for conversations that set none (default: the real time when the run starts). */
  defaultClock?: Date;
  onConversation?: (result: ConversationResult) => void;
}

export async function runConversations(server: EvalServer, bot: string, file: ConversationFile, opts: RunOptions = {}): Promise<BotRun> {
  const defaultClock = opts.defaultClock ?? new Date();
  const conversations: ConversationResult[] = [];
  for (const [ci, conversation] of file.conversations.entries()) {
    // Each conversation speaks from its own loopback address: the chat routes are rate-limited per IP.
    const client = new ApiClient({ baseUrl: server.url, token: server.token, localAddress: loopbackAddress(ci), maxSockets: 2 });
    try {
      server.clock.set(conversation.clock ?? defaultClock);
      const result = await playConversation(client, bot, conversation, opts, server);
      conversations.push(result);
      opts.onConversation?.(result);
    } finally {
      client.close();
    }
  }
  return { bot, file: file.file, conversations };
}

type Turn = Conversation['turns'][number];
type ChatBody = Parameters<ApiClient['chat']>[1];

/** One conversation being played: where it is played, and its session once the first message opened one. */
interface Playing {
  client: ApiClient;
  bot: string;
  conversation: Conversation;
  opts: RunOptions;
  server: EvalServer;
  session?: { id: string; token?: string };
}

async function playConversation(client: ApiClient, bot: string, conversation: Conversation, opts: RunOptions, server: EvalServer): Promise<ConversationResult> {
  const playing: Playing = { client, bot, conversation, opts, server };
  const turns: TurnResult[] = [];
  let error = await registerUser(client, conversation);
  for (const [index, turn] of conversation.turns.entries()) {
    const result: TurnResult = { conversation: conversation.name, index, user: turn.user, operator: turn.operator, expect: turn.expect, got: {}, failures: [], ...(turn.known ? { known: turn.known } : {}) };
    turns.push(result);
    if (error) {
      result.skipped = true;
      result.failures.push(`not played: ${error}`);
      continue;
    }
    try {
      await playTurn(playing, turn, result);
      result.failures.push(...checkTurn(turn.expect, result.got));
    } catch (err) {
      error = err instanceof ApiError ? err.message : `${(err as Error).message}`;
      result.failures.push(`error: ${error}`);
    }
  }
  if (opts.collectModelCalls && playing.session) {
    const unread = await addModelCalls(client, playing.session.id, turns);
    error ??= unread;
  }
  return { name: conversation.name, passed: turns.every((t) => !isFailure(t)), turns, error };
}

/** Registers the conversation's signed-in user; gives why that failed, if it did. */
async function registerUser(client: ApiClient, conversation: Conversation): Promise<string | undefined> {
  if (!conversation.user || conversation.signedIn === false) return undefined;
  try {
    await client.registerUser(conversation.user);
    return undefined;
  } catch (err) {
    return `could not register the user: ${(err as Error).message}`;
  }
}

/** Plays one turn (the clock's move, the operator's action, the user's message) and reads what it checks back into `result.got`. */
async function playTurn(playing: Playing, turn: Turn, result: TurnResult): Promise<void> {
  if (turn.wait) playing.server.clock.advanceMinutes(turn.wait);
  if (turn.operator) result.got.mode = await operatorAction(playing, turn.operator);
  if (turn.user !== undefined) await userMessage(playing, turn, turn.user, result);
  await readBack(playing, turn, result);
}

/** An operator's reply or change of mode; gives the conversation's mode after it. */
async function operatorAction({ client, session }: Playing, op: OperatorAction): Promise<string> {
  if (!session) throw new Error('an operator action needs a conversation: put a user message first');
  return 'reply' in op ? (await client.operatorReply(session.id, op.reply)).session.mode : (await client.setMode(session.id, op.mode, op.reason)).mode;
}

async function userMessage(playing: Playing, turn: Turn, text: string, result: TurnResult): Promise<void> {
  const { conversation, server, session } = playing;
  playing.opts.beforeUserTurn?.({ text, expect: turn.expect, conversation: conversation.name });
  // A conversation's user is signed in as the embedding application proves it: a signed user token.
  const userToken = conversation.user ? await signUserToken(conversation.user, server.userTokenSecret) : undefined;
  const body = { sessionId: session?.id, sessionToken: session?.token, userId: conversation.user, userToken, message: text };
  const reply = turn.expect.events ? await streamedChat(playing, body, result) : await plainChat(playing, body, result);
  playing.session = { id: reply.sessionId, token: reply.sessionToken ?? session?.token };
  Object.assign(result.got, { reply: reply.reply, intents: reply.intents, mode: reply.mode, handoff: reply.handoff, path: reply.path });
  result.turnId = reply.turnId;
}

async function plainChat({ client, bot }: Playing, body: ChatBody, result: TurnResult): Promise<ChatReply> {
  const r = await client.chat(bot, body);
  result.ms = r.ms;
  return r;
}

/** The message over the streaming route (for a turn that expects events); the events seen go into `result.got`. */
async function streamedChat({ client, bot }: Playing, body: ChatBody, result: TurnResult): Promise<ChatReply> {
  const streamed = await client.chatStream(bot, body);
  result.got.events = streamed.events.map((e) => e.type);
  result.ms = streamed.ms;
  if (!streamed.done) {
    const err = streamed.events.find((e) => e.type === 'error');
    throw new Error(`the stream ended without a done event${err ? `: ${String(err.message)}` : ''}`);
  }
  return streamed.done;
}

/** What the turn expects that its reply doesn't say: the state, and the mode (or handoff) after a turn without a message. */
async function readBack({ client, session }: Playing, turn: Turn, result: TurnResult): Promise<void> {
  const { expect } = turn;
  if (expect.state) result.got.state = (await client.session(session!.id)).state ?? {};
  if (turn.user !== undefined) return;
  if (expect.mode !== undefined && result.got.mode === undefined) result.got.mode = (await client.session(session!.id)).mode;
  if (expect.handoff !== undefined) result.got.handoff = result.got.mode === 'handoff_pending' || result.got.mode === 'human';
}

/** Each played user turn's model calls, from the session's turn traces; gives why they couldn't be read, if so. */
async function addModelCalls(client: ApiClient, sessionId: string, turns: TurnResult[]): Promise<string | undefined> {
  try {
    const detail = await client.session(sessionId);
    const byId = new Map(detail.turns.map((t) => [t.id, t]));
    for (const t of turns) {
      if (t.user === undefined || t.skipped) continue;
      const calls = (t.turnId && byId.get(t.turnId)?.modelCalls) || [];
      t.modelCalls = { total: calls.length, understand: calls.filter((c) => UNDERSTANDING_PURPOSES.has(c.purpose)).length };
    }
    return undefined;
  } catch (err) {
    return `could not read model calls: ${(err as Error).message}`;
  }
}

/** Model calls that decide the intents (a tagged reply decides them and writes the answer at once). */
const UNDERSTANDING_PURPOSES = new Set(['understand', 'tagged_reply']);

/** A turn that fails the run: it missed an expectation and is not a known gap. */
export function isFailure(t: TurnResult): boolean {
  // A known gap covers wrong answers, not a conversation that could not be played.
  return t.failures.length > 0 && (!t.known || Boolean(t.skipped) || t.failures.some((f) => f.startsWith('error:')));
}

/** A known gap that still fails (reported, not counted as a failure). */
export function isKnownGap(t: TurnResult): boolean {
  return t.failures.length > 0 && !isFailure(t);
}

const clip = (s: string, n = 160) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
};
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
const list = (a: readonly string[] | undefined) => `[${(a ?? []).join(', ')}]`;
const asList = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** Every expectation the turn missed, as one readable line each (empty when it passed). */
export function checkTurn(expect: Expectation, got: TurnResult['got']): string[] {
  return TURN_CHECKS.flatMap((check) => check(expect, got));
}

type TurnCheck = (expect: Expectation, got: TurnResult['got']) => string[];

const checkIntents: TurnCheck = (expect, got) => {
  if (!expect.intents) return [];
  const want = new Set(expect.intents);
  const have = new Set(got.intents ?? []);
  const same = want.size === have.size && [...want].every((i) => have.has(i));
  return same ? [] : [`intents: expected ${list(expect.intents)}, got ${list(got.intents)}`];
};

const checkReply: TurnCheck = (expect, got) => {
  if (expect.reply === null) return got.reply !== null && got.reply !== undefined ? [`reply: expected no reply (the bot is paused), got "${clip(got.reply)}"`] : [];
  if (expect.reply === undefined) return [];
  return asList(expect.reply).flatMap((re) => {
    if (typeof got.reply !== 'string') return [`reply: expected to match /${re}/, got no reply`];
    return new RegExp(re, 'iu').test(got.reply) ? [] : [`reply: expected to match /${re}/, got "${clip(got.reply)}"`];
  });
};

const checkNotReply: TurnCheck = (expect, got) => {
  const reply = got.reply;
  if (expect.notReply === undefined || typeof reply !== 'string') return [];
  return asList(expect.notReply)
    .filter((re) => new RegExp(re, 'iu').test(reply))
    .map((re) => `reply: must not match /${re}/, got "${clip(reply)}"`);
};

const checkMode: TurnCheck = (expect, got) => (expect.mode !== undefined && got.mode !== expect.mode ? [`mode: expected ${expect.mode}, got ${got.mode ?? 'nothing'}`] : []);

const checkHandoff: TurnCheck = (expect, got) => (expect.handoff !== undefined && got.handoff !== expect.handoff ? [`handoff: expected ${expect.handoff}, got ${got.handoff ?? 'nothing'}`] : []);

const checkState: TurnCheck = (expect, got) =>
  Object.entries(expect.state ?? {}).flatMap(([path, want]) => {
    const have = valueAt(got.state ?? {}, path);
    const same = want === null ? have === null || have === undefined : isDeepStrictEqual(have, want);
    return same ? [] : [`state.${path}: expected ${show(want)}, got ${show(have)}`];
  });

const checkEvents: TurnCheck = (expect, got) => {
  if (!expect.events) return [];
  const seen = new Set(got.events ?? []);
  const missing = expect.events.filter((e) => !seen.has(e));
  return missing.length ? [`events: missing ${missing.join(', ')} (got ${(got.events ?? []).join(', ') || 'none'})`] : [];
};

/** The expectations a turn can have, in the order their failures are listed. */
const TURN_CHECKS: TurnCheck[] = [checkIntents, checkReply, checkNotReply, checkMode, checkHandoff, checkState, checkEvents];

/** The value at a dotted path ("trial.stage") of a state object. */
export function valueAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
