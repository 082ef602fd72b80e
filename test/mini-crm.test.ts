// mini-crm over HTTP: one message with four requests → lead, note, task and proposal linked together, one reply
// with four segments — locally and with a scripted model planner on the OpenAI protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelBindingFor } from '../src/llm/index.ts';
import { startFakeLlmServer, type FakeLlmServer } from './support/fake-llm-server.ts';
import { OPERATOR, auth, startTestServer, type TestServer } from './support/server.ts';

const SEED_MESSAGE =
  'Cadastre o Lennon da Acme, telefone 11 98888-7777; adicione nota: prefere contato por WhatsApp; crie tarefa ligar pra ele amanhã às 10h; rascunhe a proposta Plano Anual';

async function expectFourLinkedRows(s: TestServer, sessionId: string) {
  const [lead] = await s.db.query<{ id: string; nome: string; empresa: string; telefone: string }>('select * from crm_leads where workspace = $1', [sessionId]);
  expect(lead).toMatchObject({ nome: 'Lennon', empresa: 'Acme' });
  expect(lead.telefone.replace(/\D/g, '')).toBe('11988887777');
  const notes = await s.db.query<{ lead_id: string; texto: string }>('select * from crm_notes where workspace = $1', [sessionId]);
  expect(notes).toEqual([expect.objectContaining({ lead_id: lead.id, texto: expect.stringMatching(/prefere contato por WhatsApp/i) })]);
  const tasks = await s.db.query<{ lead_id: string; prazo: Date }>('select * from crm_tasks where workspace = $1', [sessionId]);
  expect(tasks).toHaveLength(1);
  expect(tasks[0].lead_id).toBe(lead.id);
  // The clock is Monday 2026-03-09 12:00 in São Paulo: "amanhã às 10h" is Tuesday 10:00 -03:00.
  expect(new Date(tasks[0].prazo).toISOString()).toBe('2026-03-10T13:00:00.000Z');
  const proposals = await s.db.query<{ lead_id: string; titulo: string }>('select * from crm_proposals where workspace = $1', [sessionId]);
  expect(proposals).toEqual([expect.objectContaining({ lead_id: lead.id, titulo: 'Plano Anual' })]);
  return lead;
}

describe('mini-crm locally', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['mini-crm'] });
  });
  afterAll(async () => s?.close());

  it('plans four actions from one message and answers once with four segments', async () => {
    const r = await s.chat('mini-crm', { message: SEED_MESSAGE });
    expect(r.intents.sort()).toEqual(['lead_criar', 'nota_adicionar', 'proposta_rascunhar', 'tarefa_criar']);
    expect(r.reply).toMatch(/^Ações realizadas:/);
    expect(r.reply).toMatch(/Lead criado: Lennon \(id: [\w-]+\)/);
    expect(r.reply).toMatch(/Nota registrada: '.*WhatsApp.*'/);
    expect(r.reply).toMatch(/Tarefa criada: .*\(id: [\w-]+, prazo: 10\/03\/2026 10:00\)/);
    expect(r.reply).toMatch(/Proposta rascunhada: Plano Anual \(id: [\w-]+\)/);
    await expectFourLinkedRows(s, r.sessionId);
  });

  it('refers back to the lead in a later turn and reports a failing action among successful ones', async () => {
    const a = await s.chat('mini-crm', { message: 'cadastre a Marina da Beta, email marina@beta.com' });
    const b = await s.chat('mini-crm', { sessionId: a.sessionId, sessionToken: a.sessionToken, message: 'adicione uma nota no lead da Marina: pediu desconto; conclua a tarefa 999' });
    expect(b.reply).toMatch(/Nota registrada/);
    expect(b.reply).toMatch(/Ocorreram falhas:/);
    const [lead] = await s.db.query<{ id: string }>('select id from crm_leads where workspace = $1', [a.sessionId]);
    const notes = await s.db.query<{ lead_id: string }>('select lead_id from crm_notes where workspace = $1', [a.sessionId]);
    expect(notes.map((n) => n.lead_id)).toEqual([lead.id]);
  });

  it('streams one tool_start/tool_end pair per action', async () => {
    const res = await fetch(`${s.url}/api/bots/mini-crm/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify({ message: 'cadastre o Paulo da Zeta; crie tarefa enviar contrato sexta às 10h' }),
    });
    const events = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    const starts = events.filter((e) => e.type === 'tool_start').map((e) => e.tool);
    expect(starts).toEqual(expect.arrayContaining(['create_lead', 'create_task']));
    expect(events.filter((e) => e.type === 'tool_end')).toHaveLength(starts.length);
    expect(events.at(-1).type).toBe('done');
  });
});

describe('mini-crm with a scripted model planner', () => {
  let fake: FakeLlmServer;
  let s: TestServer;
  beforeAll(async () => {
    fake = await startFakeLlmServer();
    s = await startTestServer({
      only: ['mini-crm'],
      modelFactory: modelBindingFor,
      env: { SWITCHBOARD_MODEL: 'openai:gpt-4o-mini', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('runs the planner once, normalises Python-ish slots, and narrates every action', async () => {
    fake.respond = () => ({
      text: JSON.stringify({
        actions: [
          { intent: 'lead_criar', slots: "{'nome': 'Lennon', 'empresa': 'Acme', 'telefone': '11 98888-7777'}" },
          { intent: 'nota_adicionar', slots: ["{'texto': 'prefere contato por WhatsApp'}"] },
          { intent: 'tarefa_criar', slots: { titulo: 'ligar pra ele', prazo: 'amanhã às 10h' } },
          { intent: 'proposta_rascunhar', slots: "{'titulo': 'Plano Anual', 'lead_ref_ou_id': None}" },
          { intent: 'proposta_rascunhar', slots: "{'titulo': 'Plano Anual', 'lead_ref_ou_id': None}" },
        ],
      }),
    });
    const r = await s.chat('mini-crm', { message: SEED_MESSAGE });
    expect(r.reply).toMatch(/^Ações realizadas:/);
    expect(r.reply.match(/Proposta rascunhada/g)).toHaveLength(1); // the duplicate was removed
    await expectFourLinkedRows(s, r.sessionId);
    const planner = fake.requests.filter((q) => /actions/.test(q.text));
    expect(planner).toHaveLength(1);
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.turns.at(-1).modelCalls.map((c: { purpose: string }) => c.purpose)).toEqual(['planner']);
  });

  it('falls back to the local plan when the planner answers nonsense', async () => {
    fake.respond = () => ({ raw: 'desculpe, não entendi {{{' });
    const r = await s.chat('mini-crm', { message: 'cadastre o Rui da Omega; anote: cliente quente' });
    expect(r.reply).toMatch(/Lead criado: Rui/);
    expect(r.reply).toMatch(/Nota registrada/);
  });
});
