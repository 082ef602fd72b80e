// A turn skips LangChain's untraced run bookkeeping only when nothing observes it: with LangSmith tracing
// asked for in the environment, every node of the turn's graph still reaches LangSmith (a local endpoint).
import http from 'node:http';
import { awaitAllCallbacks } from '@langchain/core/callbacks/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvalServer, type EvalServer } from '../src/eval/index.ts';

const VARS = ['LANGSMITH_TRACING', 'LANGSMITH_ENDPOINT', 'LANGSMITH_API_KEY'] as const;

describe('LangSmith tracing of a turn', () => {
  const bodies: string[] = [];
  const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
  let endpoint: http.Server;
  let server: EvalServer;

  beforeAll(async () => {
    endpoint = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (req.method === 'POST') bodies.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(req.url?.startsWith('/info') ? JSON.stringify({ version: 'test', batch_ingest_config: { use_multipart_endpoint: false } }) : '{}');
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', () => r()));
    const port = (endpoint.address() as { port: number }).port;
    Object.assign(process.env, { LANGSMITH_TRACING: 'true', LANGSMITH_ENDPOINT: `http://127.0.0.1:${port}`, LANGSMITH_API_KEY: 'test-key' });
    server = await startEvalServer({ only: ['ct-smash'], withModels: false });
  });

  afterAll(async () => {
    await server?.close();
    await new Promise((r) => endpoint.close(r));
    for (const v of VARS) {
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
  });

  it('sends the graph run and each of its nodes', async () => {
    const r = await server.runtime.chat('ct-smash', { message: 'oi, quero marcar uma aula experimental' });
    expect(r.reply).toBeTruthy();
    await awaitAllCallbacks();
    const names = new Set<string>();
    for (let i = 0; i < 50 && !['triage', 'merge'].every((n) => names.has(n)); i++) {
      await new Promise((res) => setTimeout(res, 100));
      for (const b of bodies) for (const m of b.matchAll(/"name":"([^"]+)"/g)) names.add(m[1]);
    }
    expect([...names]).toEqual(expect.arrayContaining(['LangGraph', 'triage', 'merge']));
  });
});
