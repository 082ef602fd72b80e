// The planner's reply read with this bot's bot.yaml by the runtime (`readPlan`): the intents' and slots' aliases,
// the slot kinds, and the slots' planner keys (`nameSlot` for a lead given as an object, `values` for the task
// filter, a pointer at the current lead being no value).
import { describe, expect, it } from 'vitest';
import { readBotConfig } from 'switchboard';
import { localPlan, readPlan } from 'switchboard/testing';

const config = readBotConfig(import.meta.dirname);
const NOW = new Date('2025-05-15T12:00:00Z');
const UUID = '3f2a0c1e-1111-4222-8333-944455556666';
const slotsOf = (intent: string, slots: unknown) => readPlan({ actions: [{ intent, slots }] }, config, NOW).actions[0]?.slots;

describe('a planned action’s slots', () => {
  it('parses Python-ish slot strings with UUID() and maps a lead object to its id (keeping the name)', () => {
    expect(slotsOf('nota_adicionar', `{'texto': 'ligou', 'lead_ref_ou_id': {'nome': 'Lennon', 'id': UUID('${UUID}')}}`)).toEqual({
      texto: 'ligou',
      lead_ref_ou_id: UUID,
      lead_mencionado: 'Lennon',
    });
    expect(slotsOf('nota_adicionar', `{'lead': "UUID('${UUID}')"}`)).toEqual({ lead_ref_ou_id: UUID });
  });

  it('merges the seed shape (a list of object strings), maps aliases and drops None', () => {
    expect(slotsOf('lead_criar', ["{'name': 'Lennon'}", '{"company": "Acme", "phone": "11 9", "email": None}'])).toEqual({
      nome: 'Lennon',
      empresa: 'Acme',
      telefone: '11 9',
    });
    expect(slotsOf('tarefa_criar', { nome: 'Ligar', due: 'amanhã às 10h' })).toEqual({ titulo: 'Ligar', prazo: '2025-05-16T13:00:00.000Z' });
    expect(slotsOf('proposta_item_adicionar', { item: 'Setup', qtd: '2', valor: 'R$ 1.500,00' })).toEqual({
      descricao: 'Setup',
      quantidade: 2,
      preco: 1500,
    });
  });

  it('drops a lead that only points at the current one, and reads the task filter as one of three', () => {
    expect(slotsOf('nota_adicionar', { lead: 'ele', texto: 'pediu desconto' })).toEqual({ texto: 'pediu desconto' });
    expect(slotsOf('tarefa_listar', { lead_mencionado: 'esse lead', status: 'Concluídas' })).toEqual({ filtro: 'concluidas' });
    expect(slotsOf('tarefa_listar', { filter: 'all' })).toEqual({ filtro: 'todas' });
    expect(slotsOf('tarefa_listar', { filtro: 'abertas' })).toEqual({ filtro: 'pendentes' });
  });
});

describe('the plan', () => {
  it('accepts fenced JSON, maps intent aliases and removes duplicates', () => {
    const raw = '```json\n{"actions": [{"intent": "criar_lead", "slots": "{\'nome\': \'Lennon\'}"}, {"intent": "lead_criar", "slots": {"nome": "lennon "}}, {"intent": "lead_listar", "slots": {}}]}\n```';
    const plan = readPlan(raw, config, NOW);
    expect(plan.usable).toBe(true);
    expect(plan.actions).toEqual([
      { intent: 'lead_criar', slots: { nome: 'Lennon' } },
      { intent: 'lead_listar', slots: {} },
    ]);
  });

  it('drops unknown intents and help next to real actions', () => {
    const plan = readPlan({ actions: [{ intent: 'voar', slots: {} }, { intent: 'ajuda' }, { intent: 'lead_listar' }] }, config, NOW);
    expect(plan.actions.map((a) => a.intent)).toEqual(['lead_listar']);
    expect(plan.problems).toEqual(['unknown intent: voar']);
  });

  it('marks malformed output unusable', () => {
    for (const raw of ['não é json', '{"foo": 1}', { actions: [{ intent: 'voar' }] }, null, 42]) {
      expect(readPlan(raw, config, NOW).usable).toBe(false);
    }
    expect(readPlan({ actions: [] }, config, NOW).usable).toBe(true);
  });

  it('without a planner: the requests read, help only when nothing else is asked', () => {
    const request = (intent: string, slots = {}) => ({ intent, slots });
    expect(localPlan([request('ajuda'), request('lead_listar')], config)).toEqual([{ intent: 'lead_listar', slots: {} }]);
    expect(localPlan([], config)).toEqual([{ intent: 'ajuda', slots: {} }]);
  });
});
