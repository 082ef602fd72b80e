// A bot sees only verified identity: a bare `userId` in a chat body is a label for operators, never the key of
// a user's data. mini-crm keeps a workspace per user; a claim of that user's id reads none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, userToken, type TestServer } from './support/server.ts';

describe('mini-crm: the workspace follows verified identity', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['mini-crm'] });
    const created = await s.chat('mini-crm', { userId: 'vend1', userToken: await userToken('vend1'), message: 'cadastre o Joaquim da Omega, telefone 11 97777-6666' });
    expect(created.reply).toMatch(/Lead criado: Joaquim/);
  }, 60_000);
  afterAll(async () => s?.close());

  it("lists the user's leads to the user proven by a user token, in a new conversation", async () => {
    const r = await s.chat('mini-crm', { userId: 'vend1', userToken: await userToken('vend1'), message: 'lista meus leads' });
    expect(r.reply).toMatch(/Joaquim/);
  });

  it("shows nothing of the user's leads to a bare userId claiming that user", async () => {
    const r = await s.chat('mini-crm', { userId: 'vend1', message: 'lista meus leads' });
    expect(r.reply).not.toMatch(/Joaquim/);
    // The claim stays a label an operator sees, marked unverified.
    const detail = await s.get(`/api/sessions/${r.sessionId}`, { authorization: `Bearer ${ADMIN}` });
    expect(detail.body).toMatchObject({ userId: 'vend1', userVerified: false });
    // What the claimant writes lands in the conversation's own workspace, not in vend1's.
    await s.chat('mini-crm', { sessionId: r.sessionId, sessionToken: r.sessionToken, userId: 'vend1', message: 'cadastre o Intruso da Fake' });
    const owners = await s.db.query<{ workspace: string }>("select workspace from crm_leads where nome = 'Intruso'");
    expect(owners.map((o) => o.workspace)).toEqual([r.sessionId]);
    const verified = await s.chat('mini-crm', { userId: 'vend1', userToken: await userToken('vend1'), message: 'lista meus leads' });
    expect(verified.reply).not.toMatch(/Intruso/);
  });
});
