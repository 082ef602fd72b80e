import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBotConfig, type DeferredWrite } from 'switchboard';
import { commandReaderForConfig, memoryStore, runPlannedTurn, type MemoryStore, type Planner } from 'switchboard/testing';
import { CrmStore } from './store.ts';
import { createCrmTools } from './tools.ts';

const config = readBotConfig(import.meta.dirname);
const NOW = new Date('2025-05-15T12:00:00Z'); // Thursday 09:00 in São Paulo
const reader = commandReaderForConfig(config, { now: NOW });
const TOMORROW_10H = '2025-05-16T13:00:00.000Z';
const SEED_MESSAGE =
  'Cadastre o Lennon da Acme, telefone 11 98888-7777; adicione nota: prefere contato por WhatsApp; crie tarefa ligar pra ele amanhã às 10h; rascunhe a proposta Plano Anual';

let sql: MemoryStore;
let workspaceSeq = 0;

beforeAll(async () => {
  sql = await memoryStore({ config });
});
afterAll(async () => {
  await sql.close();
});

/** What the conversation remembers (bot.yaml `actions.remember`). */
type CrmMemory = { lead_atual?: { id: string; nome: string }; [reference: string]: unknown };
type CrmPlanner = Planner;
interface CrmTurnInput { text: string; workspace: string; memory: CrmMemory; planner?: Planner; emit?: (e: unknown) => void }

/** One turn as the runtime's `actions.specialist` runs it, its writes kept for the test to commit. */
async function runCrmTurn({ text, workspace, memory, planner, emit }: CrmTurnInput) {
  const writes: DeferredWrite[] = [];
  const tools = createCrmTools(new CrmStore(sql, workspace, NOW, writes));
  const turn = await runPlannedTurn({ bot: config, text, now: NOW, tools, memory, commands: () => reader.read(text), planner, emit });
  return { ...turn, memory: turn.memory as CrmMemory, actions: turn.executed, writes };
}
type CrmTurnResult = Awaited<ReturnType<typeof runCrmTurn>>;

async function commit(result: CrmTurnResult): Promise<void> {
  await sql.transaction(async (tx) => {
    for (const write of result.writes) await write(tx);
  });
}

/** A conversation in its own workspace; each turn commits its writes like the engine does. */
function conversation(options: { planner?: CrmPlanner } = {}) {
  const workspace = `ws-${++workspaceSeq}`;
  let memory: CrmMemory = {};
  return {
    workspace,
    get memory() {
      return memory;
    },
    async say(text: string, extra: { planner?: CrmPlanner; emit?: (e: unknown) => void } = {}) {
      const result = await runCrmTurn({ text, workspace, memory, planner: extra.planner ?? options.planner, emit: extra.emit });
      await commit(result);
      memory = result.memory;
      return result;
    },
  };
}

const rows = (q: string, p: unknown[]) => sql.query<Record<string, any>>(q, p);

async function expectSeedRows(workspace: string) {
  const leads = await rows('SELECT * FROM crm_leads WHERE workspace = $1', [workspace]);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ nome: 'Lennon', empresa: 'Acme', telefone: '11 98888-7777' });
  const leadId = leads[0].id;
  const notes = await rows('SELECT * FROM crm_notes WHERE workspace = $1', [workspace]);
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatchObject({ lead_id: leadId, texto: 'Prefere contato por WhatsApp' });
  const tasks = await rows('SELECT * FROM crm_tasks WHERE workspace = $1', [workspace]);
  expect(tasks).toHaveLength(1);
  expect(tasks[0]).toMatchObject({ lead_id: leadId, concluida: false });
  expect(new Date(tasks[0].prazo).toISOString()).toBe(TOMORROW_10H);
  const proposals = await rows('SELECT * FROM crm_proposals WHERE workspace = $1', [workspace]);
  expect(proposals).toHaveLength(1);
  expect(proposals[0]).toMatchObject({ lead_id: leadId, titulo: 'Plano Anual', status: 'rascunho' });
  return { leadId, taskId: tasks[0].id, proposalId: proposals[0].id, noteId: notes[0].id };
}

function expectSeedReply(result: CrmTurnResult, ids: { leadId: string; taskId: string; proposalId: string }) {
  expect(result.segments).toHaveLength(4);
  expect(result.segments.every((s) => s.ok)).toBe(true);
  expect(result.reply).toBe(
    [
      'Ações realizadas:',
      `- Lead criado: Lennon (id: ${ids.leadId})`,
      "- Nota registrada: 'Prefere contato por WhatsApp'",
      `- Tarefa criada: Ligar para Lennon (id: ${ids.taskId}, prazo: 16/05/2025 10:00)`,
      `- Proposta rascunhada: Plano Anual (id: ${ids.proposalId})`,
    ].join('\n'),
  );
  expect(result.segments.map((s) => s.intent)).toEqual(['lead_criar', 'nota_adicionar', 'tarefa_criar', 'proposta_rascunhar']);
  expect(result.segments[0].data).toMatchObject({ lead_id: ids.leadId });
  expect(result.segments[3].data).toMatchObject({ proposta_id: ids.proposalId });
  expect(result.memory.lead_atual).toEqual({ id: ids.leadId, nome: 'Lennon' });
}

describe('runCrmTurn — the seed message', () => {
  it('locally: lead, note, task and proposal linked together, one aggregated reply', async () => {
    const c = conversation();
    const result = await runCrmTurn({ text: SEED_MESSAGE, workspace: c.workspace, memory: {} });
    // Nothing is written during the turn: the engine commits `writes` with the reply.
    expect(await rows('SELECT id FROM crm_leads WHERE workspace = $1', [c.workspace])).toHaveLength(0);
    expect(result.writes).toHaveLength(4);
    await commit(result);
    const ids = await expectSeedRows(c.workspace);
    expectSeedReply(result, ids);
    expect(result.replanned).toBe(false);
  });

  it('with a planner returning Python-ish slot strings (and a duplicate action)', async () => {
    let calls = 0;
    const planner: CrmPlanner = async () => {
      calls++;
      return JSON.stringify({
        actions: [
          { intent: 'lead_criar', slots: "{'nome': 'Lennon', 'empresa': 'Acme', 'telefone': '11 98888-7777', 'email': None}" },
          { intent: 'nota_adicionar', slots: ["{'texto': 'Prefere contato por WhatsApp'}"] },
          { intent: 'tarefa_criar', slots: "{'titulo': 'Ligar pra ele', 'prazo': 'amanhã às 10h', 'lead_ref_ou_id': None}" },
          { intent: 'tarefa_criar', slots: "{'titulo': 'ligar pra ele', 'prazo': 'amanhã às 10h'}" },
          { intent: 'proposta_rascunhar', slots: "{'titulo': 'Plano Anual'}" },
        ],
      });
    };
    const c = conversation({ planner });
    const result = await c.say(SEED_MESSAGE);
    expect(calls).toBe(1);
    expect(result.actions).toHaveLength(4);
    const ids = await expectSeedRows(c.workspace);
    expectSeedReply(result, ids);
  });
});

describe('runCrmTurn — across turns', () => {
  it('refers back to a lead by name (accent/case-insensitive) and otherwise uses lead_atual', async () => {
    const c = conversation();
    await c.say(SEED_MESSAGE);
    const lennon = c.memory.lead_atual!;
    await c.say('cadastre a Márcia da Beta');
    expect(c.memory.lead_atual?.nome).toBe('Márcia');
    const r = await c.say('adicione uma nota no lead do lennon dizendo que pediu desconto; crie tarefa ligar pra ela amanhã às 15h');
    const notes = await rows('SELECT lead_id, texto FROM crm_notes WHERE workspace = $1 AND texto = $2', [c.workspace, 'Pediu desconto']);
    expect(notes).toEqual([{ lead_id: lennon.id, texto: 'Pediu desconto' }]);
    // The note references Lennon, so Lennon becomes the current lead for the task that follows,
    // and the pronoun in its title is stored as his name.
    const task = await rows('SELECT lead_id FROM crm_tasks WHERE workspace = $1 AND titulo = $2 AND prazo = $3', [c.workspace, 'Ligar para Lennon', new Date('2025-05-16T18:00:00Z')]);
    expect(task).toEqual([{ lead_id: lennon.id }]);
    expect(r.memory.lead_atual).toEqual(lennon);
    const r2 = await c.say('anote que a Marcia pediu reunião');
    expect(r2.reply).toBe("Nota registrada: 'A Marcia pediu reunião'");
    const marcia = await rows('SELECT id FROM crm_leads WHERE workspace = $1 AND nome = $2', [c.workspace, 'Márcia']);
    const last = await rows('SELECT lead_id FROM crm_notes WHERE workspace = $1 AND texto = $2', [c.workspace, 'A Marcia pediu reunião']);
    expect(last[0].lead_id).toBe(marcia[0].id); // a name mentioned in passing wins when it matches a lead
    // After a colon the rest is the note's text: it goes to the current lead.
    await c.say('adicione nota: falar com o Lennon depois');
    const colon = await rows('SELECT lead_id FROM crm_notes WHERE workspace = $1 AND texto = $2', [c.workspace, 'Falar com o Lennon depois']);
    expect(colon[0].lead_id).toBe(marcia[0].id);
  });

  it('adds items to the current proposal and recalculates totals', async () => {
    const c = conversation();
    await c.say(SEED_MESSAGE);
    const r = await c.say('adicione item Consultoria por R$ 1.500,00 na proposta; adicione 2 licenças a R$ 100 cada na proposta; recalcule os totais com desconto de 10%');
    expect(r.reply.split('\n')).toEqual([
      'Ações realizadas:',
      '- Item adicionado à proposta Plano Anual: 1x Consultoria a R$ 1.500,00 (total do item: R$ 1.500,00)',
      '- Item adicionado à proposta Plano Anual: 2x Licenças a R$ 100,00 (total do item: R$ 200,00)',
      '- Totais recalculados da proposta Plano Anual: subtotal R$ 1.700,00, desconto R$ 170,00, total R$ 1.530,00',
    ]);
    const [p] = await rows('SELECT subtotal, desconto, total FROM crm_proposals WHERE workspace = $1', [c.workspace]);
    expect([Number(p.subtotal), Number(p.desconto), Number(p.total)]).toEqual([1700, 170, 1530]);
    expect(await rows('SELECT i.id FROM crm_proposal_items i JOIN crm_proposals p ON p.id = i.proposal_id WHERE p.workspace = $1', [c.workspace])).toHaveLength(2);
  });

  it('lists notes, tasks and leads, and completes a task', async () => {
    const c = conversation();
    await c.say(SEED_MESSAGE);
    const r = await c.say('liste as notas do Lennon e as tarefas');
    expect(r.reply).toBe("Ações realizadas:\n- Notas de Lennon (1): 'Prefere contato por WhatsApp'\n- Tarefas pendentes (1): Ligar para Lennon (prazo: 16/05/2025 10:00)");
    const done = await c.say('marque como feita a tarefa ligar pra ele');
    expect(done.reply).toMatch(/^Tarefa concluída: Ligar para Lennon \(id: [0-9a-f-]{36}\)$/);
    expect((await rows('SELECT concluida FROM crm_tasks WHERE workspace = $1', [c.workspace]))[0].concluida).toBe(true);
    expect((await c.say('o que tenho pra fazer?')).reply).toBe('Nenhuma tarefa pendente.');
    expect((await c.say('quais leads eu tenho?')).reply).toBe('Leads (1): Lennon (Acme)');
  });
});

describe('runCrmTurn — pronouns, company search and tolerant matching', () => {
  it('stores a task title with the lead\'s name and completes it by the name later', async () => {
    const c = conversation();
    const r = await c.say('cadastra o Caetano Reis da Alfa Móveis e me lembra de ligar pra ele amanhã às 11h');
    expect(r.reply).toMatch(/- Tarefa criada: Ligar para Caetano Reis \(id: [0-9a-f-]{36}, prazo: 16\/05\/2025 11:00\)/);
    await c.say('cadastra a Helena Prado da Transportadora Rota Sul; cria tarefa de ligar pra ela sexta');
    // lead_atual is Helena now; the reference names Caetano, so his task is the one completed.
    const done = await c.say('conclui a tarefa de ligar pro Caetano');
    expect(done.reply).toMatch(/^Tarefa concluída: Ligar para Caetano Reis \(id: /);
    const pending = await rows('SELECT titulo FROM crm_tasks WHERE workspace = $1 AND NOT concluida', [c.workspace]);
    expect(pending).toEqual([{ titulo: 'Ligar para Helena Prado' }]);
    // A pronoun in the reference is the current lead.
    expect((await c.say('conclui a tarefa de ligar pra ela')).reply).toMatch(/^Tarefa concluída: Ligar para Helena Prado/);
  });

  it('finds a lead by a run of words of its company, and lists the notes of the lead named, not the current one', async () => {
    const c = conversation();
    await c.say('cadastra o Otávio Brandão da Padaria Pão Dourado; anota nele que pediu orçamento de 2 máquinas');
    await c.say('cadastra a Helena Prado da Transportadora Rota Sul; anota nela que quer renovar a frota');
    expect(c.memory.lead_atual?.nome).toBe('Helena Prado');
    expect((await c.say('procura o contato da Rota Sul')).reply).toMatch(/^Lead encontrado: Helena Prado \(Transportadora Rota Sul\)/);
    expect((await c.say('busca a pão dourado')).reply).toMatch(/^Lead encontrado: Otávio Brandão/);
    await c.say('busca a Helena');
    expect((await c.say('quais notas eu tenho do Otávio')).reply).toBe("Notas de Otávio Brandão (1): 'Pediu orçamento de 2 máquinas'");
    await c.say('busca a Helena');
    expect((await c.say('me mostra as notas dela')).reply).toBe("Notas de Helena Prado (1): 'Quer renovar a frota'");
  });

  it('answers whether there are leads with the list', async () => {
    const c = conversation();
    expect((await c.say('tenho algum lead cadastrado?')).reply).toBe('Nenhum lead cadastrado ainda.');
    await c.say('cadastar a Bianca Nunes da Flora Cosméticos');
    expect((await c.say('existe algum lead aí?')).reply).toBe('Leads (1): Bianca Nunes (Flora Cosméticos)');
  });
});

describe('runCrmTurn — failures, duplicates, planner problems', () => {
  it('reports a failing action among successful ones', async () => {
    const c = conversation();
    await c.say(SEED_MESSAGE);
    const r = await c.say('conclua a tarefa enviar contrato assinado; crie tarefa mandar catálogo dia 20 às 9h');
    expect(r.segments.map((s) => s.ok)).toEqual([false, true]);
    expect(r.reply).toMatch(/^Ações realizadas:\n- Tarefa criada: Mandar catálogo \(id: [0-9a-f-]{36}, prazo: 20\/05\/2025 09:00\)\n\nOcorreram falhas:\n- Não consegui concluir a tarefa: tarefa não encontrada: enviar contrato assinado$/);
  });

  it('fails a note with no lead to attach it to', async () => {
    const c = conversation();
    const r = await c.say('adicione nota: ligou cedo');
    expect(r.segments).toEqual([expect.objectContaining({ intent: 'nota_adicionar', ok: false })]);
    expect(r.reply).toBe('Não consegui registrar a nota: nenhum lead informado (diga o nome do lead)');
    expect(r.writes).toHaveLength(0);
  });

  it("finds a planner's lead by the name beside an id it does not know, and asks about the name when neither is", async () => {
    const c = conversation();
    await c.say('cadastre o Lennon da Acme');
    const ref = (nome: string) => `{'nome': '${nome}', 'id': UUID('0f0f0f0f-1111-4222-8333-444455556666')}`;
    const plan = (nome: string): CrmPlanner => async () => ({ actions: [{ intent: 'nota_adicionar', slots: { lead_ref_ou_id: ref(nome), texto: 'Pediu proposta' } }] });
    expect((await c.say('anota no Lennon: pediu proposta', { planner: plan('Lennon') })).reply).toBe("Nota registrada: 'Pediu proposta'");
    expect((await c.say('anota no Tadeu: pediu proposta', { planner: plan('Tadeu') })).reply).toMatch(/^Não encontrei o lead Tadeu — quer que eu crie\?/);
  });

  it('runs duplicate actions once', async () => {
    const c = conversation();
    const r = await c.say('cadastre o Lennon da Acme; cadastre o lennon da acme; liste os leads');
    expect(r.actions.map((a) => a.intent)).toEqual(['lead_criar', 'lead_listar']);
    expect(await rows('SELECT id FROM crm_leads WHERE workspace = $1', [c.workspace])).toHaveLength(1);
  });

  it('falls back to the local plan when the planner output is malformed or the planner throws', async () => {
    for (const planner of [async () => 'Claro! Vou cadastrar o Lennon.', async () => ({ actions: [{ intent: 'voar' }] }), async () => { throw new Error('timeout'); }]) {
      const c = conversation({ planner });
      const r = await c.say(SEED_MESSAGE);
      await expectSeedRows(c.workspace);
      expect(r.segments).toHaveLength(4);
    }
  });

  it('re-plans at most once when the planner leaves actions out', async () => {
    const answers = [
      { actions: [{ intent: 'lead_criar', slots: { nome: 'Lennon' } }] },
      { actions: [{ intent: 'lead_criar', slots: { nome: 'Lennon' } }, { intent: 'lead_listar', slots: {} }] },
      { actions: [{ intent: 'tarefa_listar', slots: {} }] },
    ];
    let calls = 0;
    const c = conversation({ planner: async () => answers[calls++] });
    const r = await c.say('cadastre o Lennon; liste os leads; liste as tarefas');
    expect(calls).toBe(2);
    expect(r.replanned).toBe(true);
    // The re-plan adds only what was missing: the listing from the planner, the tasks from local rules.
    expect(r.actions.map((a) => a.intent)).toEqual(['lead_criar', 'lead_listar', 'tarefa_listar']);
    expect(await rows('SELECT id FROM crm_leads WHERE workspace = $1', [c.workspace])).toHaveLength(1);

    let quietCalls = 0;
    const quiet = conversation({ planner: async () => (quietCalls++, { actions: [] }) });
    const r2 = await quiet.say('liste os leads');
    expect(quietCalls).toBe(2);
    expect(r2.actions.map((a) => a.intent)).toEqual(['lead_listar']);
    expect(r2.replanned).toBe(true);

    let fullCalls = 0;
    const full = conversation({ planner: async () => (fullCalls++, { actions: [{ intent: 'lead_listar' }] }) });
    expect((await full.say('liste os leads')).replanned).toBe(false);
    expect(fullCalls).toBe(1);
  });
});

describe('runCrmTurn — crash safety and isolation', () => {
  it('running the same writes twice creates nothing twice', async () => {
    const c = conversation();
    const r1 = await runCrmTurn({ text: SEED_MESSAGE, workspace: c.workspace, memory: {} });
    await commit(r1);
    await commit(r1);
    await expectSeedRows(c.workspace);
    const next = 'adicione item Setup por R$ 100 na proposta; marque como feita a tarefa ligar pra ele';
    const r2 = await runCrmTurn({ text: next, workspace: c.workspace, memory: r1.memory });
    await commit(r2);
    await commit(r2);
    const items = await rows('SELECT i.id FROM crm_proposal_items i JOIN crm_proposals p ON p.id = i.proposal_id WHERE p.workspace = $1', [c.workspace]);
    expect(items).toHaveLength(1);
    const [p] = await rows('SELECT total FROM crm_proposals WHERE workspace = $1', [c.workspace]);
    expect(Number(p.total)).toBe(100);
  });

  it('a rolled-back commit leaves nothing behind and can be retried', async () => {
    const c = conversation();
    const r = await runCrmTurn({ text: SEED_MESSAGE, workspace: c.workspace, memory: {} });
    await expect(
      sql.transaction(async (tx) => {
        for (const w of r.writes) await w(tx);
        throw new Error('crash before the reply is stored');
      }),
    ).rejects.toThrow('crash');
    expect(await rows('SELECT id FROM crm_leads WHERE workspace = $1', [c.workspace])).toHaveLength(0);
    await commit(r);
    await expectSeedRows(c.workspace);
  });

  it('keeps workspaces apart and emits tool events', async () => {
    const a = conversation();
    const b = conversation();
    await a.say('cadastre o Lennon da Acme');
    const events: { type: string; tool: string }[] = [];
    const r = await b.say('liste os leads', { emit: (e) => events.push(e as { type: string; tool: string }) });
    expect(r.reply).toBe('Nenhum lead cadastrado ainda.');
    expect(events.map((e) => `${e.type}:${e.tool}`)).toEqual(['tool_start:list_leads', 'tool_end:list_leads']);
    const help = await b.say('oi, tudo bem?');
    expect(help.reply).toMatch(/^Sou o assistente do seu mini-CRM/);
    expect(help.segments).toEqual([expect.objectContaining({ intent: 'ajuda', ok: true })]);
  });
});
