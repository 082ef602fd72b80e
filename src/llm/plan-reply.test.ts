import { describe, expect, it } from 'vitest';
import { readPlanReply, refValue } from './plan-reply.ts';

const intents = {
  pedido_criar: {
    aliases: ['create_order', 'novo_pedido'],
    slots: {
      produto: { kind: 'text' as const, aliases: ['product', 'item', 'nome'] },
      quantidade: { kind: 'number' as const, aliases: ['qty', 'qtd'] },
      entrega: { kind: 'datetime' as const, aliases: ['delivery', 'quando'] },
      cliente: { kind: 'ref' as const, aliases: ['customer', 'nome'] },
      urgente: { kind: 'boolean' as const },
    },
  },
  pedidos_listar: { aliases: ['list_orders'] },
};
const options = { lang: 'pt' as const, now: new Date('2026-04-06T12:00:00Z'), timeZone: 'America/Sao_Paulo' };
const UUID = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';

describe('readPlanReply', () => {
  it('maps intent and slot aliases and reads each value by its kind', () => {
    const reply = readPlanReply(
      '```json\n{"actions": [{"intent": "Create-Order", "slots": {"item": "Caneca azul", "qty": "3", "quando": "amanhã às 14h", "urgente": "sim", "cor": "azul"}}, {"intent": "list_orders"}]}\n```',
      intents,
      options,
    );
    expect(reply.usable).toBe(true);
    expect(reply.actions.map((a) => [a.intent, a.slots])).toEqual([
      ['pedido_criar', { produto: 'Caneca azul', quantidade: 3, entrega: '2026-04-07T17:00:00.000Z', urgente: true }],
      ['pedidos_listar', {}],
    ]);
  });

  it('gives a name two slots claim to the first declared, and reads Python-ish references (the id wins)', () => {
    const [action] = readPlanReply({ actions: [{ intent: 'pedido_criar', slots: `{'nome': 'Xícara', 'customer': {'nome': 'Ana', 'id': UUID('${UUID}')}}` }] }, intents, options).actions;
    expect(action.slots).toEqual({ produto: 'Xícara', cliente: UUID });
    expect(refValue(action.raw.cliente)).toBe(UUID);
    expect(refValue({ nome: 'Ana' })).toBe('Ana');
    expect(refValue('None')).toBeUndefined();
  });

  it('reports unknown intents and marks an unusable reply', () => {
    const reply = readPlanReply({ actions: [{ intent: 'voar' }, { intent: 'pedidos_listar' }] }, intents, options);
    expect(reply.actions.map((a) => a.intent)).toEqual(['pedidos_listar']);
    expect(reply.problems).toEqual(['unknown intent: voar']);
    for (const raw of ['sem json aqui', '{"x": 1}', { actions: [{ intent: 'voar' }] }, null]) expect(readPlanReply(raw, intents, options).usable).toBe(false);
    expect(readPlanReply({ actions: [] }, intents, options).usable).toBe(true);
  });
});
