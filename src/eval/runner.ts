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

async function playConversation(client: ApiClient, bot: string, conversation: Conversation, opts: RunOptions, server: EvalServer): Promise<ConversationResult> {
  const turns: TurnResult[] = [];
  let session: { id: string; token?: string } | undefined;
  let error: string | undefined;
  if (conversation.user && conversation.signedIn !== false) {
    try {
      await client.registerUser(conversation.user);
    } catch (err) {
      error = `could not register the user: ${(err as Error).message}`;
    }
  }
  for (const [index, turn] of conversation.turns.entries()) {
    const result: TurnResult = { conversation: conversation.name, index, user: turn.user, operator: turn.operator, expect: turn.expect, got: {}, failures: [], ...(turn.known ? { known: turn.known } : {}) };
    turns.push(result);
    if (error) {
      result.skipped = true;
      result.failures.push(`not played: ${error}`);
      continue;
    }
    try {
      if (turn.wait) server.clock.advanceMinutes(turn.wait);
      if (turn.operator) {
        if (!session) throw new Error('an operator action needs a conversation: put a user message first');
        const mode = 'reply' in turn.operator ? (await client.operatorReply(session.id, turn.operator.reply)).session.mode : (await client.setMode(session.id, turn.operator.mode, turn.operator.reason)).mode;
        result.got.mode = mode;
      }
      if (turn.user !== undefined) {
        opts.beforeUserTurn?.({ text: turn.user, expect: turn.expect, conversation: conversation.name });
        // A conversation's user is signed in as the embedding application proves it: a signed user token.
        const userToken = conversation.user ? await signUserToken(conversation.user, server.userTokenSecret) : undefined;
        const body = { sessionId: session?.id, sessionToken: session?.token, userId: conversation.user, userToken, message: turn.user };
        let reply: ChatReply;
        if (turn.expect.events) {
          const streamed = await client.chatStream(bot, body);
          result.got.events = streamed.events.map((e) => e.type);
          result.ms = streamed.ms;
          if (!streamed.done) {
            const err = streamed.events.find((e) => e.type === 'error');
            throw new Error(`the stream ended without a done event${err ? `: ${String(err.message)}` : ''}`);
          }
          reply = streamed.done;
        } else {
          const r = await client.chat(bot, body);
          result.ms = r.ms;
          reply = r;
        }
        session = { id: reply.sessionId, token: reply.sessionToken ?? session?.token };
        Object.assign(result.got, { reply: reply.reply, intents: reply.intents, mode: reply.mode, handoff: reply.handoff, path: reply.path });
        result.turnId = reply.turnId;
      }
      if (turn.expect.state) result.got.state = (await client.session(session!.id)).state ?? {};
      if (turn.expect.mode !== undefined && turn.user === undefined && result.got.mode === undefined) result.got.mode = (await client.session(session!.id)).mode;
      if (turn.expect.handoff !== undefined && turn.user === undefined) result.got.handoff = result.got.mode === 'handoff_pending' || result.got.mode === 'human';
      result.failures.push(...checkTurn(turn.expect, result.got));
    } catch (err) {
      error = err instanceof ApiError ? err.message : `${(err as Error).message}`;
      result.failures.push(`error: ${error}`);
    }
  }
  if (opts.collectModelCalls && session) {
    try {
      const detail = await client.session(session.id);
      const byId = new Map(detail.turns.map((t) => [t.id, t]));
      for (const t of turns) {
        if (t.user === undefined || t.skipped) continue;
        const calls = (t.turnId && byId.get(t.turnId)?.modelCalls) || [];
        t.modelCalls = { total: calls.length, understand: calls.filter((c) => UNDERSTANDING_PURPOSES.has(c.purpose)).length };
      }
    } catch (err) {
      error ??= `could not read model calls: ${(err as Error).message}`;
    }
  }
  return { name: conversation.name, passed: turns.every((t) => !isFailure(t)), turns, error };
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
  const out: string[] = [];
  if (expect.intents) {
    const want = new Set(expect.intents);
    const have = new Set(got.intents ?? []);
    if (want.size !== have.size || [...want].some((i) => !have.has(i))) out.push(`intents: expected ${list(expect.intents)}, got ${list(got.intents)}`);
  }
  if (expect.reply === null) {
    if (got.reply !== null && got.reply !== undefined) out.push(`reply: expected no reply (the bot is paused), got "${clip(got.reply)}"`);
  } else if (expect.reply !== undefined) {
    for (const re of asList(expect.reply)) {
      if (typeof got.reply !== 'string') out.push(`reply: expected to match /${re}/, got no reply`);
      else if (!new RegExp(re, 'iu').test(got.reply)) out.push(`reply: expected to match /${re}/, got "${clip(got.reply)}"`);
    }
  }
  if (expect.notReply !== undefined && typeof got.reply === 'string') {
    for (const re of asList(expect.notReply)) if (new RegExp(re, 'iu').test(got.reply)) out.push(`reply: must not match /${re}/, got "${clip(got.reply)}"`);
  }
  if (expect.mode !== undefined && got.mode !== expect.mode) out.push(`mode: expected ${expect.mode}, got ${got.mode ?? 'nothing'}`);
  if (expect.handoff !== undefined && got.handoff !== expect.handoff) out.push(`handoff: expected ${expect.handoff}, got ${got.handoff ?? 'nothing'}`);
  if (expect.state) {
    for (const [path, want] of Object.entries(expect.state)) {
      const have = valueAt(got.state ?? {}, path);
      const same = want === null ? have === null || have === undefined : isDeepStrictEqual(have, want);
      if (!same) out.push(`state.${path}: expected ${show(want)}, got ${show(have)}`);
    }
  }
  if (expect.events) {
    const seen = new Set(got.events ?? []);
    const missing = expect.events.filter((e) => !seen.has(e));
    if (missing.length) out.push(`events: missing ${missing.join(', ')} (got ${(got.events ?? []).join(', ') || 'none'})`);
  }
  return out;
}

/** The value at a dotted path ("trial.stage") of a state object. */
export function valueAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
