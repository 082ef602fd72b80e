// The floors the runtime is compared with, measured in the same run: the same graph shape built with bare
// LangGraph.js (triage → Send(a, b) → merge, trivial nodes), and a bare Fastify handler that stores one row
// in PGlite, over HTTP.
import { Annotation, END, Send, START, StateGraph } from '@langchain/langgraph';
import Fastify from 'fastify';
import { ApiClient } from '../eval/index.ts';
import { openDatabase } from '../store/index.ts';
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

/** Latencies (ms) of POST /store on a bare Fastify server that inserts one row in PGlite, over HTTP. */
export async function bareFastifyLatencies(opts: MeasureOptions): Promise<number[]> {
  const db = await openDatabase({ dataDir: ':memory:' });
  const app = Fastify();
  try {
    await db.exec('create table floor_messages (id serial primary key, content text not null, created_at timestamptz not null default now())');
    app.post('/store', async (req) => {
      const body = req.body as { message?: string };
      const [row] = await db.query<{ id: number }>('insert into floor_messages (content) values ($1) returning id', [String(body?.message ?? '')]);
      return { id: row.id, reply: 'ok' };
    });
    const client = new ApiClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) });
    try {
      return await measure(async () => {
        const res = await client.request('POST', '/store', { message: 'oi' });
        if (res.status !== 200) throw new Error(`bare fastify answered ${res.status}`);
      }, opts);
    } finally {
      client.close();
    }
  } finally {
    await app.close();
    await db.close();
  }
}
