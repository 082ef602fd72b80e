import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../eval/index.ts';
import { openTestDatabase, testDrivers } from '../store/index.ts';
import { bareLangGraphLatencies, buildBareGraph, SameWorkFloor, startFloorServer } from './floors.ts';
import { summarize } from './stats.ts';

describe('bare LangGraph floor', () => {
  it('runs triage → Send(trial, faq) → merge and merges both branches', async () => {
    const out = await buildBareGraph().invoke({ text: 'quero agendar e onde fica?' });
    expect(out.reply.split('\n').sort()).toEqual(['Qual dia?', 'Rua dos Pinheiros']);
    expect(Object.keys(out.outputs).sort()).toEqual(['faq', 'trial']);
  });

  it('measures a few invocations', async () => {
    const latencies = await bareLangGraphLatencies({ warmup: 3, iterations: 20 });
    const s = summarize(latencies);
    expect(s.n).toBe(20);
    expect(s.p50).toBeGreaterThan(0);
    expect(s.p99).toBeGreaterThanOrEqual(s.p50);
  });
});

describe.each(testDrivers())('same-work floor on %s', (driver) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('stores what a turn stores: the session, both messages, the state and the trace', async () => {
    const db = await openTestDatabase(driver);
    cleanup.push(() => db.drop());
    const floor = await SameWorkFloor.open(db, 'ct-smash');
    const first = await floor.chat('ct-smash', { message: 'oi, quero marcar uma aula' });
    const second = await floor.chat('ct-smash', { sessionId: first.sessionId, message: 'amanhã' });
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.reply).toContain('Qual dia?');
    const messages = await db.query<{ role: string; content: string }>('select role, content from messages where session_id = $1 order by id', [first.sessionId]);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[2].content).toBe('amanhã');
    const [session] = await db.query<{ state: { turns: number } | string }>('select state from sessions where id = $1', [first.sessionId]);
    expect(typeof session.state === 'string' ? JSON.parse(session.state).turns : session.state.turns).toBe(2);
    const turns = await db.query<{ trace: unknown }>('select trace from turns where session_id = $1', [first.sessionId]);
    expect(turns).toHaveLength(2);
    await expect(floor.chat('other-bot', { message: 'oi' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('is served by the same Fastify setup: the chat route, its validation and the session token', async () => {
    const db = await openTestDatabase(driver);
    cleanup.push(() => db.drop());
    const server = await startFloorServer(db, 'ct-smash');
    cleanup.push(() => server.close());
    const client = new ApiClient({ baseUrl: server.url, token: server.token });
    cleanup.push(async () => client.close());
    const r1 = await client.chat('ct-smash', { message: 'oi' });
    const r2 = await client.chat('ct-smash', { sessionId: r1.sessionId, sessionToken: r1.sessionToken, message: 'e onde fica?' });
    expect(r2.replyMessageId).toBeGreaterThan(r1.replyMessageId!);
    await expect(client.chat('ct-smash', { sessionId: r1.sessionId, sessionToken: 'wrong', message: 'oi' })).rejects.toMatchObject({ status: 403 });
    await expect(client.chat('ct-smash', { message: '' })).rejects.toMatchObject({ status: 400 });
    await client.registerUser('ana');
  });
});
