import { describe, expect, it } from 'vitest';
import { actionKey, dedupeActions, normalizePlan, normalizeSlots, prepare_plan } from './plan.ts';
import { createContext } from './turn.ts';

const clock = { now: new Date('2025-05-15T12:00:00Z'), timeZone: 'America/Sao_Paulo' };
const UUID = '3f2a0c1e-1111-4222-8333-944455556666';

describe('normalizeSlots', () => {
  it('parses Python-ish slot strings with UUID() and maps a lead object to its id (keeping the name)', () => {
    expect(normalizeSlots('nota_adicionar', `{'texto': 'ligou', 'lead_ref_ou_id': {'nome': 'Lennon', 'id': UUID('${UUID}')}}`, clock)).toEqual({
      texto: 'ligou',
      lead_ref_ou_id: UUID,
      lead_mencionado: 'Lennon',
    });
    expect(normalizeSlots('nota_adicionar', `{'lead': "UUID('${UUID}')"}`, clock)).toEqual({ lead_ref_ou_id: UUID });
  });

  it('merges the seed shape (a list of object strings), maps aliases and drops None', () => {
    expect(normalizeSlots('lead_criar', ["{'name': 'Lennon'}", '{"company": "Acme", "phone": "11 9", "email": None}'], clock)).toEqual({
      nome: 'Lennon',
      empresa: 'Acme',
      telefone: '11 9',
    });
    expect(normalizeSlots('tarefa_criar', { nome: 'Ligar', due: 'amanhã às 10h' }, clock)).toEqual({ titulo: 'Ligar', prazo: '2025-05-16T13:00:00.000Z' });
    expect(normalizeSlots('proposta_item_adicionar', { item: 'Setup', qtd: '2', valor: 'R$ 1.500,00' }, clock)).toEqual({
      descricao: 'Setup',
      quantidade: 2,
      preco: 1500,
    });
  });
});

describe('normalizePlan', () => {
  it('accepts fenced JSON, maps intent aliases and removes duplicates', () => {
    const raw = '```json\n{"actions": [{"intent": "criar_lead", "slots": "{\'nome\': \'Lennon\'}"}, {"intent": "lead_criar", "slots": {"nome": "lennon "}}, {"intent": "lead_listar", "slots": {}}]}\n```';
    const plan = normalizePlan(raw, clock);
    expect(plan.usable).toBe(true);
    expect(plan.actions).toEqual([
      { intent: 'lead_criar', slots: { nome: 'Lennon' } },
      { intent: 'lead_listar', slots: {} },
    ]);
  });

  it('drops unknown intents and help next to real actions', () => {
    const plan = normalizePlan({ actions: [{ intent: 'voar', slots: {} }, { intent: 'ajuda' }, { intent: 'lead_listar' }] }, clock);
    expect(plan.actions.map((a) => a.intent)).toEqual(['lead_listar']);
    expect(plan.problems).toEqual(['unknown intent: voar']);
  });

  it('marks malformed output unusable', () => {
    for (const raw of ['não é json', '{"foo": 1}', { actions: [{ intent: 'voar' }] }, null, 42]) {
      expect(normalizePlan(raw, clock).usable).toBe(false);
    }
    expect(normalizePlan({ actions: [] }, clock).usable).toBe(true);
  });
});

describe('prepare_plan', () => {
  it('fills pending_actions from the planner, or from the local plan when the output is malformed', () => {
    const ctx = createContext({ text: 'liste os leads', commands: () => [{ intent: 'lead_listar', confidence: 1, sep: '', text: 'liste os leads', rest: 'os leads', entities: [] }], now: clock.now, timeZone: clock.timeZone, memory: {}, replies: {} });
    expect(prepare_plan(ctx, '{"actions": [{"intent": "tarefa_listar", "slots": {}}]}')).toBe('planner');
    expect(ctx.pending_actions.map((a) => a.intent)).toEqual(['tarefa_listar']);
    expect(prepare_plan(ctx, 'Claro! Vou listar.')).toBe('local');
    expect(ctx.pending_actions).toEqual([{ intent: 'lead_listar', slots: {} }]);
  });
});

describe('keys', () => {
  it('de-duplicates by intent and normalised slots, case and accent insensitive', () => {
    const a = { intent: 'nota_adicionar' as const, slots: { texto: 'Ligação feita' } };
    const b = { intent: 'nota_adicionar' as const, slots: { texto: 'ligacao  feita' } };
    expect(actionKey(a)).toBe(actionKey(b));
    expect(dedupeActions([a, b, { intent: 'lead_listar', slots: {} }])).toHaveLength(2);
  });
});
