import { HumanMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../eval/index.ts';
import { buildPeerGraph, peerRoutes, startPeerServer, type PeerServer } from './peer.ts';
import { benchSchemaName, dropSchema } from './postgres.ts';

describe('the LangGraph peer', () => {
  it('routes by keywords, to one or several specialists', () => {
    expect(peerRoutes('quero marcar uma aula experimental')).toEqual(['trial']);
    expect(peerRoutes('onde fica a academia?')).toEqual(['faq']);
    expect(peerRoutes('quero agendar, e quanto custa?')).toEqual(['trial', 'faq']);
    expect(peerRoutes('valeu')).toEqual(['general']);
  });

  it('keeps the conversation on its thread: each turn appends the message and the merged reply', async () => {
    const graph = buildPeerGraph(new MemorySaver());
    const config = { configurable: { thread_id: 't1' } };
    await graph.invoke({ messages: [new HumanMessage('oi')] }, config);
    const out = await graph.invoke({ messages: [new HumanMessage('quero agendar, e quanto custa?')] }, config);
    expect(out.messages).toHaveLength(4);
    expect(String(out.messages[3].content).split('\n')).toHaveLength(2);
    const other = await graph.invoke({ messages: [new HumanMessage('oi')] }, { configurable: { thread_id: 't2' } });
    expect(other.messages).toHaveLength(2);
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('the LangGraph peer on Postgres (PostgresSaver)', () => {
  let peer: PeerServer | undefined;
  const schema = benchSchemaName('peer_test');
  afterEach(async () => {
    await peer?.close();
    await dropSchema(url!, schema);
  });

  it('answers over HTTP and keeps each conversation in its checkpoints', async () => {
    peer = await startPeerServer({ databaseUrl: url!, schema });
    const client = new ApiClient({ baseUrl: peer.url });
    try {
      const r1 = await client.chat('ct-smash', { message: 'oi' });
      const r2 = await client.chat('ct-smash', { sessionId: r1.sessionId, message: 'onde fica?' });
      expect(r2.sessionId).toBe(r1.sessionId);
      expect(r2.intents).toEqual(['faq']);
    } finally {
      client.close();
    }
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query(`select count(distinct checkpoint_id)::int as n from ${schema}.checkpoints`);
      expect(rows[0].n).toBeGreaterThanOrEqual(8); // input, triage, specialists and merge steps of two turns
    } finally {
      await c.end();
    }
  });
});
