// Replaying a bot's conversation tests as load: the user messages (with the operator actions and clock moves
// between them) in process through runtime.chat, or over HTTP through the API. Expectations are not checked
// here; `switchboard eval` does that.
import { activeForms } from '../forms/index.ts';
import type { ActiveFlowContext } from '../nlu/index.ts';
import { ApiClient, loopbackAddress, type ConversationFile, type EvalServer } from '../eval/index.ts';
import { getSession, upsertUser } from '../store/index.ts';
import { signUserToken } from '../server/identity.ts';

export interface ReplayOptions {
  /** Stop once this many user turns were timed. */
  maxTurns: number;
  /** Stop after this many milliseconds (at least one full pass is played). */
  maxMs?: number;
  /** Called before each user turn with the flows that are active for it (the local understanding's context). */
  observe?: (turn: { text: string; intents?: string[]; flows: ActiveFlowContext[] }) => void;
}

/** Plays the file's conversations again and again in process; returns the latency (ms) of each user turn. */
export async function replayInProcess(server: EvalServer, bot: string, file: ConversationFile, opts: ReplayOptions): Promise<number[]> {
  const out: number[] = [];
  const t0 = performance.now();
  const defaultClock = new Date();
  for (let pass = 0; out.length < opts.maxTurns; pass++) {
    for (const c of file.conversations) {
      server.clock.set(c.clock ?? defaultClock);
      await playInProcess(server, bot, c, (ms) => out.push(ms), () => out.length >= opts.maxTurns, pass === 0 ? opts.observe : undefined);
      if (out.length >= opts.maxTurns) return out;
    }
    if (opts.maxMs !== undefined && performance.now() - t0 > opts.maxMs) break;
  }
  return out;
}

/** A server that speaks the chat API over HTTP: Switchboard (with its eval server, for the clock), the floor, the peer. */
export interface HttpTarget {
  url: string;
  /** Operator/admin token (user registration). */
  token?: string;
  /** Switchboard's eval server: its clock follows the conversations. */
  server?: EvalServer;
  /** Called before each load window (e.g. to set the clock). */
  beforeLoad?: () => void;
}

type Conversation = ConversationFile['conversations'][number];

/** One way of playing a conversation, timing each user turn. */
export type Player = (c: Conversation, timed: (ms: number) => void) => Promise<void>;

/** Plays conversations in process through Switchboard's runtime. */
export function inProcessPlayer(server: EvalServer, bot: string, defaultClock = new Date()): Player {
  return (c, timed) => {
    server.clock.set(c.clock ?? defaultClock);
    return playInProcess(server, bot, c, timed);
  };
}

/** Plays conversations over HTTP, each from its own loopback address (the chat routes are rate-limited per IP). */
export function httpPlayer(target: HttpTarget, bot: string, firstAddress = 100, defaultClock = new Date()): Player {
  let k = firstAddress;
  return async (c, timed) => {
    target.server?.clock.set(c.clock ?? defaultClock);
    const client = new ApiClient({ baseUrl: target.url, token: target.token, localAddress: loopbackAddress(k++), maxSockets: 1 });
    try {
      await playOverHttp(client, target.server ?? null, bot, c, timed);
    } finally {
      client.close();
    }
  };
}

/**
 * Several players interleaved conversation by conversation (A B C on the first, A B C on the second, …), so
 * that all of them see the same machine: other processes' load drifts over a run. Stops when every player
 * has `maxTurns` timed turns or after `maxMs`. Returns each player's latencies, in order.
 */
export async function replayPaired(players: Player[], file: ConversationFile, opts: { maxTurns: number; maxMs: number }): Promise<number[][]> {
  const out = players.map(() => [] as number[]);
  const t0 = performance.now();
  const done = () => out.every((l) => l.length >= opts.maxTurns) || performance.now() - t0 > opts.maxMs;
  while (!done()) {
    for (const c of file.conversations) {
      for (const [i, play] of players.entries()) if (out[i].length < opts.maxTurns) await play(c, (ms) => out[i].push(ms));
      if (done()) break;
    }
  }
  return out;
}

/** One conversation through runtime.chat; `timed` receives each user turn's latency. */
async function playInProcess(
  server: EvalServer,
  bot: string,
  c: ConversationFile['conversations'][number],
  timed: (ms: number) => void,
  stop: () => boolean = () => false,
  observe?: ReplayOptions['observe'],
): Promise<void> {
  const runtime = server.runtime;
  if (c.user && c.signedIn !== false) await upsertUser(runtime.db, { id: c.user });
  let sessionId: string | undefined;
  for (const turn of c.turns) {
    if (turn.wait) server.clock.advanceMinutes(turn.wait);
    if (turn.operator && sessionId) {
      // A refused action (e.g. the bot already took the conversation back) changes nothing: go on.
      await ('reply' in turn.operator ? runtime.operatorReply(sessionId, turn.operator.reply) : runtime.setMode(sessionId, turn.operator.mode, turn.operator.reason)).catch(() => {});
    }
    if (turn.user === undefined) continue;
    if (observe) {
      const state = sessionId ? ((await getSession(runtime.db, sessionId))?.state ?? {}) : {};
      observe({ text: turn.user, intents: turn.expect.intents, flows: activeForms(runtime.bot(bot).config, state as Record<string, unknown>) });
    }
    const t = performance.now();
    const r = await runtime.chat(bot, { sessionId, userId: c.user, message: turn.user });
    timed(performance.now() - t);
    sessionId = r.sessionId;
    if (stop()) return;
  }
}

/** The same over HTTP, one conversation at a time, each from its own loopback address (per-IP rate limit). */
export async function replayHttp(server: EvalServer, bot: string, file: ConversationFile, opts: ReplayOptions & { addressOffset?: number }): Promise<number[]> {
  const out: number[] = [];
  const t0 = performance.now();
  const defaultClock = new Date();
  let k = opts.addressOffset ?? 0;
  for (let pass = 0; out.length < opts.maxTurns; pass++) {
    for (const c of file.conversations) {
      server.clock.set(c.clock ?? defaultClock);
      const client = new ApiClient({ baseUrl: server.url, token: server.token, localAddress: loopbackAddress(k++), maxSockets: 1 });
      try {
        await playOverHttp(client, server, bot, c, (ms) => out.push(ms), () => out.length >= opts.maxTurns);
      } finally {
        client.close();
      }
      if (out.length >= opts.maxTurns) return out;
    }
    if (opts.maxMs !== undefined && performance.now() - t0 > opts.maxMs) break;
  }
  return out;
}

/** One conversation over HTTP; `timed` receives each user turn's round trip. */
export async function playOverHttp(
  client: ApiClient,
  server: EvalServer | null,
  bot: string,
  c: ConversationFile['conversations'][number],
  timed: (ms: number) => void,
  stop: () => boolean = () => false,
): Promise<void> {
  const userToken = await signIn(client, server, c);
  let session: { id: string; token?: string } | undefined;
  for (const turn of c.turns) {
    if (turn.wait && server) server.clock.advanceMinutes(turn.wait);
    if (turn.operator && session) await operatorOverHttp(client, session.id, turn.operator);
    if (turn.user === undefined) continue;
    const r = await client.chat(bot, { sessionId: session?.id, sessionToken: session?.token, userId: c.user, userToken, message: turn.user });
    timed(r.ms);
    session = { id: r.sessionId, token: r.sessionToken ?? session?.token };
    if (stop()) return;
  }
}

/** Registers the conversation's signed-in user; gives the user's token when the server's secret can sign one. */
async function signIn(client: ApiClient, server: EvalServer | null, c: Conversation): Promise<string | undefined> {
  const signedInUser = c.signedIn !== false ? c.user : undefined;
  if (!signedInUser) return undefined;
  await client.registerUser(signedInUser);
  // Signed in as the embedding application signs its users in: a bot with requireUser refuses a bare userId over HTTP.
  return server ? await signUserToken(signedInUser, server.userTokenSecret) : undefined;
}

/** An operator's reply or change of mode; a refused one changes nothing. */
async function operatorOverHttp(client: ApiClient, sessionId: string, op: NonNullable<Conversation['turns'][number]['operator']>): Promise<void> {
  await ('reply' in op ? client.operatorReply(sessionId, op.reply) : client.setMode(sessionId, op.mode, op.reason)).catch(() => {});
}
