// The floors a turn is compared with, measured in the same run.
// - The bare graph: seed 000's shape (triage → Send(trial, faq) → merge) in bare LangGraph.js, trivial nodes.
// - The same-work floor: that bare graph plus the statements any durable turn needs — open (the session, its
//   recent history and the user's message, in store.openTurn's one statement; a new conversation's session
//   first) and close (the reply, the session's state and the turn's trace, in store.persistTurn's one
//   statement). No understanding, no lock, no events: what is left of a turn when the bot does nothing.
//   Served over HTTP by the same Fastify setup as Switchboard (buildServer, its plugins and chat route).
import { randomBytes, randomUUID } from 'node:crypto';
import { Annotation, END, Send, START, StateGraph } from '@langchain/langgraph';
import type { ChatRequest, ChatResult, Runtime } from '../engine/index.ts';
import { ForbiddenError, NotFoundError } from '../errors/index.ts';
import { buildServer } from '../server/index.ts';
import * as store from '../store/index.ts';
import type { Player } from './replay.ts';
import { measure, type MeasureOptions } from './stats.ts';

const FloorState = Annotation.Root({
  text: Annotation<string>({ reducer: (_a, b) => b, default: () => '' }),
  routes: Annotation<string[]>({ reducer: (_a, b) => b, default: () => [] }),
  outputs: Annotation<Record<string, string>>({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
  reply: Annotation<string>({ reducer: (_a, b) => b, default: () => '' }),
});

/** Seed 000's graph shape with nodes that do (almost) nothing: what LangGraph itself costs per turn. */
export function buildBareGraph() {
  return new StateGraph(FloorState)
    .addNode('triage', (s: typeof FloorState.State) => ({ routes: s.text.includes('?') ? ['trial', 'faq'] : ['trial', 'faq'] }))
    .addNode('trial', () => ({ outputs: { trial: 'Qual dia?' } }))
    .addNode('faq', () => ({ outputs: { faq: 'Rua dos Pinheiros' } }))
    .addNode('merge', (s: typeof FloorState.State) => ({ reply: Object.values(s.outputs).join('\n') }))
    .addEdge(START, 'triage')
    .addConditionalEdges('triage', (s: typeof FloorState.State) => s.routes.map((r) => new Send(r, s)), ['trial', 'faq'])
    .addEdge('trial', 'merge')
    .addEdge('faq', 'merge')
    .addEdge('merge', END)
    .compile();
}

/** Latencies (ms) of invoking the bare graph. */
export async function bareLangGraphLatencies(opts: MeasureOptions): Promise<number[]> {
  const graph = buildBareGraph();
  return measure(async () => {
    const out = await graph.invoke({ text: 'quero agendar e onde fica?' });
    if (!out.reply) throw new Error('the bare graph produced no reply');
  }, opts);
}

/** How many recent messages a turn reads (the runtime's history window plus its margin). */
const HISTORY_LIMIT = 28;

/**
 * The same-work floor as a chat service: `chat` does what a turn must do durably around the bare graph.
 * It has the members of Runtime that the chat and user routes use, so buildServer can serve it.
 */
export class SameWorkFloor {
  private graph = buildBareGraph();

  constructor(
    readonly db: store.Database,
    readonly botId: string,
  ) {}

  static async open(db: store.Database, botId: string): Promise<SameWorkFloor> {
    await store.migrate(db, store.coreMigrations);
    return new SameWorkFloor(db, botId);
  }

  /** The chat route checks the bot first (404 for another id). */
  bot(id: string): { id: string } {
    if (id !== this.botId) throw new NotFoundError(`unknown bot '${id}'`);
    return { id };
  }

  async chat(botId: string, req: ChatRequest): Promise<ChatResult> {
    this.bot(botId);
    const t0 = performance.now();
    const sessionId = req.sessionId ?? (await store.createSession(this.db, { bot: botId, userId: req.userId })).id;
    const opened = await store.openTurn(this.db, {
      sessionId,
      bot: botId,
      content: req.message,
      authorize: Boolean(req.sessionId) && (req.authorize ?? false),
      sessionToken: req.sessionToken,
      userId: req.userId,
      historyLimit: HISTORY_LIMIT,
    });
    if (!opened) throw new NotFoundError(`unknown session '${sessionId}'`);
    if (!opened.message) throw new ForbiddenError(`session '${sessionId}' belongs to someone else`);
    const tGraph = performance.now();
    const out = await this.graph.invoke({ text: req.message });
    const trace = [{ node: 'graph', startMs: Math.round(tGraph - t0), ms: +(performance.now() - tGraph).toFixed(2), ok: true }];
    const turns = Number((opened.session.state as Record<string, unknown>).turns ?? 0) + 1;
    const turnId = randomUUID();
    const { message, session } = await store.persistTurn(this.db, {
      sessionId,
      bot: botId,
      turnId,
      userMessageId: opened.message.id,
      reply: out.reply,
      intents: out.routes,
      workflow: null,
      state: { ...(opened.session.state as Record<string, unknown>), turns },
      lastIntent: out.routes[0] ?? '',
      handoff: null,
      path: 'local',
      trace,
      modelCalls: [],
      latencyMs: performance.now() - t0,
    });
    return { sessionId, sessionToken: session.secret, reply: out.reply, intents: out.routes, mode: session.mode, handoff: false, messageId: opened.message.id, replyMessageId: message.id, turnId, path: 'local', intent: out.routes[0] ?? null, timestamp: new Date().toISOString() };
  }

  async close(): Promise<void> {}
}

export interface FloorServer {
  url: string;
  floor: SameWorkFloor;
  token: string;
  close(): Promise<void>;
}

/** The same-work floor behind Switchboard's own Fastify setup (buildServer: plugins, validation, chat route). */
export async function startFloorServer(db: store.Database, botId: string): Promise<FloorServer> {
  const floor = await SameWorkFloor.open(db, botId);
  const token = randomBytes(16).toString('base64url');
  const app = await buildServer({ runtime: floor as unknown as Runtime, auth: { adminToken: token, operatorToken: token } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, floor, token, close: () => app.close() };
}

/** Plays a conversation's user turns through the floor in process (operator actions and clock moves do nothing here). */
export function floorPlayer(floor: SameWorkFloor): Player {
  return async (c, timed) => {
    if (c.user && c.signedIn !== false) await store.upsertUser(floor.db, { id: c.user });
    let sessionId: string | undefined;
    for (const turn of c.turns) {
      if (turn.user === undefined) continue;
      const t = performance.now();
      const r = await floor.chat(floor.botId, { sessionId, userId: c.user, message: turn.user });
      timed(performance.now() - t);
      sessionId = r.sessionId;
    }
  };
}
