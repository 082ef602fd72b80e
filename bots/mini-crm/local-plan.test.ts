import { describe, expect, it } from 'vitest';
import { readBotConfig } from 'switchboard';
import { commandReaderForConfig, localPlan as planClauses } from 'switchboard/testing';

// The runtime reads the clauses, their intents and their slots (bot.yaml) with the bot's own classifier and
// entities; here the plan the bot makes of them is tested.
const clock = { now: new Date('2025-05-15T12:00:00Z'), timeZone: 'America/Sao_Paulo' };
const config = readBotConfig(import.meta.dirname);
const reader = commandReaderForConfig(config, clock);
const localPlan = (text: string, _clock?: unknown) => planClauses(reader.read(text), config);
const SEED_MESSAGE =
  'Cadastre o Lennon da Acme, telefone 11 98888-7777; adicione nota: prefere contato por WhatsApp; crie tarefa ligar pra ele amanhã às 10h; rascunhe a proposta Plano Anual';

describe('localPlan', () => {
  it('plans the seed message with its slots', () => {
    const plan = localPlan(SEED_MESSAGE, clock);
    expect(plan).toEqual([
      { intent: 'lead_criar', slots: { nome: 'Lennon', empresa: 'Acme', telefone: '11 98888-7777' } },
      { intent: 'nota_adicionar', slots: { texto: 'Prefere contato por WhatsApp' } },
      { intent: 'tarefa_criar', slots: { titulo: 'Ligar pra ele', prazo: '2025-05-16T13:00:00.000Z' } },
      { intent: 'proposta_rascunhar', slots: { titulo: 'Plano Anual' } },
    ]);
  });

  it('extracts lead fields: email, origin, surnames with particles, labelled company', () => {
    expect(localPlan('cadastre a maria da silva, email maria@x.com.br, origem instagram', clock)[0].slots).toEqual({
      nome: 'Maria da Silva',
      email: 'maria@x.com.br',
      origem: 'instagram',
    });
    expect(localPlan('cadastra o lead Pedro Alves da empresa Gama, tel (11) 3333-4444, veio pelo site', clock)[0].slots).toEqual({
      nome: 'Pedro Alves',
      empresa: 'Gama',
      telefone: '(11) 3333-4444',
      origem: 'site',
    });
  });

  it('reads a referral as the source, and no source inside an accented name', () => {
    expect(localPlan('registra a Olívia Prado, cel 11 91234-5678, indicada pela Sônia Reis', clock)[0].slots).toEqual({
      nome: 'Olívia Prado',
      telefone: '11 91234-5678',
      origem: 'indicação de Sônia Reis',
    });
    expect(localPlan('novo contato Heitor, trabalha na Quadra Engenharia tel 11 94444-3333', clock)[0].slots).toEqual({
      nome: 'Heitor',
      empresa: 'Quadra Engenharia',
      telefone: '11 94444-3333',
    });
  });

  it('reads explicit and mentioned lead references', () => {
    expect(localPlan('adicione uma nota no lead do Lennon dizendo que ele pediu desconto', clock)[0].slots).toEqual({
      lead_ref_ou_id: 'Lennon',
      texto: 'Ele pediu desconto',
    });
    expect(localPlan('me lembra de ligar pro Lennon dia 20 às 14h30', clock)[0].slots).toEqual({
      lead_mencionado: 'Lennon',
      titulo: 'Ligar pro Lennon',
      prazo: '2025-05-20T17:30:00.000Z',
    });
  });

  it('reads proposal items and discounts', () => {
    expect(localPlan('adicione 2 licenças a R$ 1.200,50 cada na proposta Plano Anual', clock)[0].slots).toEqual({
      proposta_ref: 'Plano Anual',
      descricao: 'Licenças',
      quantidade: 2,
      preco: 1200.5,
    });
    // The lead a proposal is for, typed in lowercase: read (a word that names no lead leaves the current one).
    expect(localPlan('faz uma proposta pra bia souza', clock)[0].slots).toMatchObject({ lead_mencionado: 'Bia' });
    expect(localPlan('recalcule os totais da proposta com desconto de 10%', clock)[0].slots).toEqual({ desconto_percentual: 10 });
  });

  it('reads "às 8 de …" as a time and merges a discount with the recalculation that follows', () => {
    expect(localPlan('me lembre amanhã às 8 de mandar o contrato pro Jorge', clock)[0].slots).toEqual({
      prazo: '2025-05-16T11:00:00.000Z',
      lead_mencionado: 'Jorge',
      titulo: 'Mandar o contrato pro Jorge',
    });
    expect(localPlan('aplica 15% de desconto na proposta e recalcula', clock)).toEqual([
      { intent: 'proposta_recalcular', slots: { desconto_percentual: 15 } },
    ]);
    expect(localPlan('inclua na proposta 3 horas de consultoria por R$ 250 cada', clock)[0].slots).toEqual({
      descricao: 'Horas de consultoria',
      quantidade: 3,
      preco: 250,
    });
  });

  it('keeps pronouns for the current lead out of note texts and lead slots', () => {
    expect(localPlan('anota nela que quer visita técnica na semana que vem', clock)).toEqual([
      { intent: 'nota_adicionar', slots: { texto: 'Quer visita técnica na semana que vem' } },
    ]);
    expect(localPlan('adiciona nesse lead uma nota dizendo que vai viajar', clock)[0].slots).toEqual({ texto: 'Vai viajar' });
    expect(localPlan('anota aí pra ela: prefere email', clock)[0].slots).toEqual({ texto: 'Prefere email' });
    expect(localPlan('anota que ela quer renovar a frota', clock)[0].slots).toEqual({ texto: 'Ela quer renovar a frota' });
    expect(localPlan('me passa os dados dela', clock)).toEqual([{ intent: 'lead_buscar', slots: {} }]);
    // Without "do/da", a lowercase word after "cliente" is only a mention (used if it matches a lead).
    expect(localPlan('anota que a cliente quer desconto', clock)[0].slots.lead_ref_ou_id).toBeUndefined();
  });

  it('parses fillers and price phrases out of an item', () => {
    const item = (t: string) => localPlan(t, clock)[0].slots;
    expect(item('adiciona também instalação por 1.200 reais na proposta')).toEqual({ descricao: 'Instalação', preco: 1200 });
    expect(item('adiciona na proposta também instalação por 1.200')).toEqual({ descricao: 'Instalação', preco: 1200 });
    expect(item('inclui ainda 2 horas de treinamento de R$ 300 na proposta')).toEqual({ descricao: 'Horas de treinamento', quantidade: 2, preco: 300 });
    expect(item('coloca mais um suporte a 1200 na proposta')).toEqual({ descricao: 'Suporte', preco: 1200 });
    expect(item('inclui 1 licença de 12 meses por R$ 100 na proposta')).toEqual({ descricao: 'Licença de 12 meses', quantidade: 1, preco: 100 });
  });

  it('reads the lead of a listing wherever it is named', () => {
    expect(localPlan('quais notas eu tenho do Otávio', clock)[0].slots).toEqual({ lead_ref_ou_id: 'Otávio' });
    expect(localPlan('quais notas eu tenho do otávio', clock)[0].slots).toEqual({ lead_mencionado: 'Otávio' });
    // No filter said: the task list shows the pending ones.
    expect(localPlan('tarefas pendentes com a Helena', clock)[0].slots).toEqual({ lead_ref_ou_id: 'Helena' });
    expect(localPlan('quais as tarefas dele?', clock)[0].slots).toEqual({ usar_lead_atual: true });
    expect(localPlan('me mostra as tarefas de hoje', clock)[0].slots).toEqual({});
    expect(localPlan('quero ver as tarefas já concluídas da Helena', clock)[0].slots).toEqual({ lead_ref_ou_id: 'Helena', filtro: 'concluidas' });
    expect(localPlan('me mostra todas as tarefas', clock)[0].slots).toEqual({ filtro: 'todas' });
  });

  it('tolerates a misspelt verb and never keeps the verb in the name', () => {
    expect(localPlan('cadastar a Bianca Nunes da Flora Cosméticos', clock)).toEqual([
      { intent: 'lead_criar', slots: { nome: 'Bianca Nunes', empresa: 'Flora Cosméticos' } },
    ]);
    expect(localPlan('põe a Bianca Nunes no crm', clock)[0]).toEqual({ intent: 'lead_criar', slots: { nome: 'Bianca Nunes' } });
    expect(localPlan('adicona uma nota nela: pediu boleto', clock)).toEqual([{ intent: 'nota_adicionar', slots: { texto: 'Pediu boleto' } }]);
  });

  it('joins an unplaced sentence to the note before it, and answers help when nothing is actionable', () => {
    expect(localPlan('anote: pediu desconto. Quer fechar em junho.', clock)).toEqual([
      { intent: 'nota_adicionar', slots: { texto: 'Pediu desconto. Quer fechar em junho' } },
    ]);
    expect(localPlan('bom dia, tudo certo?', clock)).toEqual([{ intent: 'ajuda', slots: {} }]);
    expect(localPlan('oi; liste os leads', clock).map((a) => a.intent)).toEqual(['lead_listar']);
  });

  it('plans one action per lead a request names beside others, none dropped', () => {
    expect(localPlan('cadastra o Otávio e a Clarice', clock)).toEqual([
      { intent: 'lead_criar', slots: { nome: 'Otávio' } },
      { intent: 'lead_criar', slots: { nome: 'Clarice' } },
    ]);
    expect(localPlan('cadastre a Iolanda da Brisa, o Hélio e a Sílvia da Quartzo', clock).map((a) => a.slots)).toEqual([
      { nome: 'Iolanda', empresa: 'Brisa' },
      { nome: 'Hélio' },
      { nome: 'Sílvia', empresa: 'Quartzo' },
    ]);
    expect(localPlan('anota no Otávio e na Clarice: aguardam o contrato', clock)).toEqual([
      { intent: 'nota_adicionar', slots: { lead_mencionado: 'Otávio', texto: 'Aguardam o contrato' } },
      { intent: 'nota_adicionar', slots: { lead_mencionado: 'Clarice', texto: 'Aguardam o contrato' } },
    ]);
  });
});

