// The peer a user would build instead of Switchboard: ct-smash's shape written the way the LangGraph.js docs
// set it up — MessagesAnnotation state, a triage node with trivial keyword routing, Send to the specialists,
// a merge node, PostgresSaver as the durable checkpointer (thread_id per conversation, setup() once), and
// Fastify in front. It answers the subset of Switchboard's HTTP API the load generator speaks, so the same
// conversations drive both.
import { randomUUID } from 'node:crypto';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { Annotation, END, MessagesAnnotation, Send, START, StateGraph } from '@langchain/langgraph';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import Fastify from 'fastify';

const PeerState = Annotation.Root({
  ...MessagesAnnotation.spec,
  routes: Annotation<string[]>({ reducer: (_a, b) => b, default: () => [] }),
  /** Each specialist's answer of its latest turn, by specialist. */
  outputs: Annotation<Record<string, string>>({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
});
type PeerStateValue = typeof PeerState.State;

const SPECIALISTS = ['trial', 'faq', 'general'] as const;

/** Keyword routing, as a first version of such a bot would do it. */
export function peerRoutes(text: string): string[] {
  const t = text.toLowerCase();
  const routes: string[] = [];
  if (/aula|experimental|agend|marc|teste|amanh|sexta|sábado|hora|\d/.test(t)) routes.push('trial');
  if (/\?|onde|endereço|preço|quanto|plano|horário|estaciona|levar/.test(t)) routes.push('faq');
  return routes.length ? routes : ['general'];
}

const lastText = (s: PeerStateValue) => String(s.messages.at(-1)?.content ?? '');

export function buildPeerGraph(checkpointer?: BaseCheckpointSaver) {
  return new StateGraph(PeerState)
    .addNode('triage', (s: PeerStateValue) => ({ routes: peerRoutes(lastText(s)) }))
    .addNode('trial', () => ({ outputs: { trial: 'Legal! Qual dia você prefere para a aula experimental?' } }))
    .addNode('faq', () => ({ outputs: { faq: 'Ficamos na Rua dos Pinheiros, em São Paulo.' } }))
    .addNode('general', () => ({ outputs: { general: 'Oi! Posso ajudar com aulas experimentais e dúvidas sobre a CT.' } }))
    .addNode('merge', (s: PeerStateValue) => ({ messages: [new AIMessage(s.routes.map((r) => s.outputs[r]).join('\n'))] }))
    .addEdge(START, 'triage')
    .addConditionalEdges('triage', (s: PeerStateValue) => s.routes.map((r) => new Send(r, s)), [...SPECIALISTS])
    .addEdge('trial', 'merge')
    .addEdge('faq', 'merge')
    .addEdge('general', 'merge')
    .addEdge('merge', END)
    .compile({ checkpointer });
}

export interface PeerServer {
  url: string;
  /** What one turn does, without HTTP: the graph on the thread (used by the functional test). */
  turn(threadId: string, message: string): Promise<{ reply: string; routes: string[] }>;
  close(): Promise<void>;
}

/** The peer on Postgres at `databaseUrl`, its checkpoints in `schema` (created by setup()). */
export async function startPeerServer(opts: { databaseUrl: string; schema: string }): Promise<PeerServer> {
  const checkpointer = PostgresSaver.fromConnString(opts.databaseUrl, { schema: opts.schema });
  await checkpointer.setup();
  const graph = buildPeerGraph(checkpointer);
  const turn = async (threadId: string, message: string) => {
    const out = await graph.invoke({ messages: [new HumanMessage(message)] }, { configurable: { thread_id: threadId } });
    return { reply: String(out.messages.at(-1)?.content ?? ''), routes: out.routes };
  };
  const app = Fastify();
  app.post<{ Params: { bot: string }; Body: { sessionId?: string; message?: string } }>('/api/bots/:bot/chat', async (req, reply) => {
    const message = req.body?.message;
    if (typeof message !== 'string' || !message.trim()) return reply.status(400).send({ error: 'bad_request', message: 'message is required' });
    const sessionId = req.body.sessionId ?? randomUUID();
    const out = await turn(sessionId, message);
    return { sessionId, reply: out.reply, intents: out.routes, mode: 'bot', handoff: false };
  });
  // The load generator registers signed-in users first; the peer has no users to keep.
  app.post('/api/users', async (_req, reply) => reply.status(201).send({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    turn,
    async close() {
      await app.close();
      await checkpointer.end();
    },
  };
}
