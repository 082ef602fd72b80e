// mini-crm over HTTP, without a model, never writes to a record the user did not name: a lead named in a request
// that no lead matches (or several do) makes the request ask, and "ele" after that name means it, not the lead
// the conversation was on. And the CRM follows the verified salesperson across conversations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userToken, type TestServer } from './support/server.ts';

// Each names a lead this CRM does not have (or two it cannot tell apart: Carla), some pointing back at it after.
const UNRESOLVABLE = [
  'anota no lead Lennon que ele quer fechar em maio',
  'cria uma tarefa de ligar pro Bernardo amanhã às 9h',
  'rascunha uma proposta pro lead Teodoro',
  'anota pra Gabriela: pediu o catálogo novo',
  'anota no lead Lennon que pediu desconto e cria tarefa de ligar pra ele sexta',
  'adiciona uma nota no contato do Ubiratan: prefere e-mail',
  'cria um lembrete de mandar o contrato pro lead Valdir segunda',
  'nova nota no lead Carla: quer reunião presencial',
  'cria uma tarefa pra ligar pra Carla quinta',
  'faz uma proposta de consultoria pra Patrícia',
  'registra uma observação no Wellington: não atende de manhã',
  'anota no lead Zuleica e no lead Otília que aguardam retorno',
  'crie tarefa de enviar orçamento pro lead Ramiro e anota nele que está com pressa',
  'coloca uma nota no cliente Everaldo: mudou de telefone',
  'agenda uma visita no lead Quitéria terça às 15h',
  'escreve no lead Leocádio que o pagamento atrasou',
  'monta uma proposta chamada Pacote Ouro para o lead Fausto',
  'anota no lead Isidoro: pediu nota fiscal; depois cria tarefa de cobrar ele amanhã',
  'adiciona uma tarefa de follow-up com o lead Amâncio na quarta',
  'anota no contato da Rosângela que ela vai viajar e marca uma ligação com ela dia 20',
];

type Counts = Record<string, number>;

describe('mini-crm never writes to a record the user did not name', () => {
  let s: TestServer;
  let chat: (message: string) => Promise<{ reply: string; intents: string[] }>;
  let workspace: string;
  beforeAll(async () => {
    s = await startTestServer({ only: ['mini-crm'] });
    const first = await s.chat('mini-crm', { message: 'cadastra a Maria Souza da Beta e o Joaquim Reis' });
    expect(first.reply).toMatch(/Lead criado: Maria Souza[\s\S]*Lead criado: Joaquim Reis/);
    workspace = first.sessionId;
    chat = (message) => s.chat('mini-crm', { sessionId: first.sessionId, sessionToken: first.sessionToken, message });
    expect((await chat('cadastra a Carla Dias e a Carla Mota')).reply).toMatch(/Carla Dias[\s\S]*Carla Mota/);
  }, 60_000);
  afterAll(async () => s?.close());

  /** What each lead has, and how many rows each table holds. */
  async function counts(): Promise<Counts> {
    const out: Counts = {};
    for (const table of ['crm_leads', 'crm_notes', 'crm_tasks', 'crm_proposals']) {
      const [{ n }] = await s.db.query<{ n: number }>(`select count(*)::int as n from ${table} where workspace = $1`, [workspace]);
      out[table] = n;
    }
    for (const table of ['crm_notes', 'crm_tasks', 'crm_proposals']) {
      const rows = await s.db.query<{ nome: string; n: number }>(
        `select l.nome, count(*)::int as n from ${table} t join crm_leads l on l.id = t.lead_id where t.workspace = $1 group by l.nome`,
        [workspace],
      );
      for (const r of rows) out[`${table}:${r.nome}`] = r.n;
    }
    return out;
  }

  it('asks instead of writing for twenty requests whose lead cannot be found, whatever lead the conversation is on', async () => {
    const before = await counts();
    expect(UNRESOLVABLE).toHaveLength(20);
    for (const message of UNRESOLVABLE) {
      // The conversation is on Maria Souza: the lead an old fallback would have written to.
      expect((await chat('busca a Maria Souza')).reply).toMatch(/Lead encontrado: Maria Souza/);
      const r = await chat(message);
      expect(r.reply, message).toMatch(/Não encontrei o lead|Encontrei mais de um lead/);
      expect(r.reply, message).not.toMatch(/Nota registrada|Tarefa criada|Proposta rascunhada/);
      expect(await counts(), message).toEqual(before);
    }
  }, 240_000);

  it('lists the candidates when a name fits several leads, and writes once the lead is named in full', async () => {
    const r = await chat('anota na Carla: vai mandar os documentos');
    expect(r.reply).toMatch(/Encontrei mais de um lead para "Carla": Carla (Dias|Mota), Carla (Dias|Mota)\. Qual deles\?/);
    expect((await chat('anota na Carla Mota: vai mandar os documentos')).reply).toMatch(/Nota registrada/);
    const notes = await s.db.query<{ nome: string }>('select l.nome from crm_notes n join crm_leads l on l.id = n.lead_id where n.workspace = $1', [workspace]);
    expect(notes.map((n) => n.nome)).toEqual(['Carla Mota']);
  });

  it('reads "ele" after a name that was not found as that name in the next turn too, until a lead is named', async () => {
    await chat('busca o Joaquim Reis');
    expect((await chat('anota no lead Severino: quer visita')).reply).toMatch(/Não encontrei o lead Severino/);
    const later = await chat('cria uma tarefa de ligar pra ele amanhã');
    expect(later.reply).toMatch(/Não encontrei o lead Severino/);
    const tasks = await s.db.query<{ n: number }>('select count(*)::int as n from crm_tasks where workspace = $1', [workspace]);
    expect(tasks[0].n).toBe(0);
    await chat('busca o Joaquim Reis');
    expect((await chat('cria uma tarefa de ligar pra ele amanhã')).reply).toMatch(/Tarefa criada: Ligar para Joaquim Reis/);
  });

  it('creates the lead on "sim" and runs what waited on it; "não" drops it', async () => {
    await chat('busca a Maria Souza');
    const asked = await chat('anota no lead Heloísa que fechou o pedido e cria tarefa de mandar a nota pra ela amanhã');
    expect(asked.reply).toBe('Não encontrei o lead Heloísa — quer que eu crie? (esperando: Adicionar nota, Criar tarefa)');
    const yes = await chat('sim');
    expect(yes.reply).toMatch(/Lead criado: Heloísa[\s\S]*Nota registrada: 'Fechou o pedido'[\s\S]*Tarefa criada: Mandar a nota para Heloísa/);
    const rows = await s.db.query<{ kind: string; nome: string }>(
      `select 'nota' as kind, l.nome from crm_notes n join crm_leads l on l.id = n.lead_id where n.workspace = $1 and l.nome = 'Heloísa'
       union all select 'tarefa', l.nome from crm_tasks t join crm_leads l on l.id = t.lead_id where t.workspace = $1 and l.nome = 'Heloísa'`,
      [workspace],
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['nota', 'tarefa']);
    expect((await chat('anota no lead Florêncio: ligar depois')).reply).toMatch(/Não encontrei o lead Florêncio/);
    expect((await chat('não')).reply).toBe('Beleza, não mexi em nada. O que você precisa?');
    const none = await s.db.query('select 1 from crm_leads where workspace = $1 and nome = $2', [workspace, 'Florêncio']);
    expect(none).toEqual([]);
  });
});

describe('mini-crm keeps a verified salesperson\'s CRM across conversations', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['mini-crm'] });
  }, 60_000);
  afterAll(async () => s?.close());

  it('shows what one conversation wrote in another of the same verified user, and nothing of it to an anonymous one', async () => {
    const token = await userToken('vend.iris');
    const one = await s.chat('mini-crm', { userId: 'vend.iris', userToken: token, message: 'cadastra o Anselmo da Ferragem Norte' });
    expect(one.reply).toMatch(/Lead criado: Anselmo/);
    const two = await s.chat('mini-crm', { userId: 'vend.iris', userToken: token, message: 'anota no lead Anselmo: pediu visita técnica' });
    expect(two.sessionId).not.toBe(one.sessionId);
    expect(two.reply).toMatch(/Nota registrada: 'Pediu visita técnica'/);
    const rows = await s.db.query<{ workspace: string; nome: string }>(
      'select n.workspace, l.nome from crm_notes n join crm_leads l on l.id = n.lead_id',
    );
    expect(rows).toEqual([{ workspace: 'vend.iris', nome: 'Anselmo' }]);
    // An anonymous conversation has a workspace of its own (its session), even claiming the user's id.
    const anonymous = await s.chat('mini-crm', { message: 'lista meus leads' });
    expect(anonymous.reply).toMatch(/Nenhum lead/);
    const claimed = await s.chat('mini-crm', { userId: 'vend.iris', message: 'anota no lead Anselmo: cancelar tudo' });
    expect(claimed.reply).toMatch(/Não encontrei o lead Anselmo/);
    const anonymousAgain = await s.chat('mini-crm', { sessionId: anonymous.sessionId, sessionToken: anonymous.sessionToken, message: 'cadastra a Débora' });
    expect(anonymousAgain.reply).toMatch(/Lead criado: Débora/);
    const leads = await s.db.query<{ workspace: string; nome: string }>('select workspace, nome from crm_leads order by nome');
    expect(leads).toEqual([
      { workspace: 'vend.iris', nome: 'Anselmo' },
      { workspace: anonymous.sessionId, nome: 'Débora' },
    ]);
  });
});
