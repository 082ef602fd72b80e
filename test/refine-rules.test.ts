// bot.yaml understanding.refine played through the server: a rule that changes the intents is named in the turn's
// trace, and the intents a turn's specialists answered are kept for the next turn's `previous` (la-formula).
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceEntry } from '../src/engine/index.ts';
import { projectRoot } from '../src/paths.ts';
import { ADMIN, startTestServer, type TestServer } from './support/server.ts';

describe('understanding.refine in a turn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(projectRoot, 'bots'), only: ['la-formula'] });
  }, 120_000);
  afterAll(() => server?.close());

  it('keeps the answered intents and names the deciding rule in the trace', async () => {
    const first = await server.chat('la-formula', { message: 'cuanto me sale la whey de star nutrition?' });
    expect(first.intents).toEqual(['posible_comprador']);
    const token = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    const second = await server.chat('la-formula', { message: 'y la de ENA?', ...token });
    expect(second.intents).toEqual(['posible_comprador']);
    const detail = await server.get(`/api/sessions/${first.sessionId}`, { authorization: `Bearer ${ADMIN}` });
    const understood = (detail.body.turns[1].trace as TraceEntry[]).find((e) => e.chosen)!;
    expect(understood.why).toMatch(/refined by understanding\.refine\[4\] \(brand follow-up\): otro → posible_comprador/);
    expect(detail.body.session?.state ?? detail.body.state).toMatchObject({ _intents: ['posible_comprador'] });
  }, 120_000);
});
