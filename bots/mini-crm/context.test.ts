import { describe, expect, it } from 'vitest';
import { readBotConfig } from 'switchboard';
import { detectToolEvents, update_context } from './context.ts';
import { narrator } from './narration.ts';
import type { PlanAction, Segment, ToolMessage } from './types.ts';

const say = narrator(readBotConfig(import.meta.dirname).replies);

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333333';

function freshCtx(pending: PlanAction[] = []) {
  return {
    ai_responses: [] as Segment[],
    pending_actions: pending,
    tool_messages: [] as ToolMessage[],
    injected: new WeakSet<PlanAction>(),
    say,
    lead_atual: undefined as { id: string; nome: string } | undefined,
    proposta_atual: undefined as { id: string; titulo: string } | undefined,
  };
}

describe('detectToolEvents', () => {
  it('detects by tool name, whatever the text says', () => {
    expect(detectToolEvents({ name: 'create_lead', content: 'ok' })).toEqual(['lead_created']);
    expect(detectToolEvents({ name: 'criar_lead', content: '' })).toEqual(['lead_created']);
    expect(detectToolEvents({ name: 'draft_proposal', content: 'feito' })).toEqual(['proposal_drafted']);
    expect(detectToolEvents({ name: 'rascunhar_proposta', content: '' })).toEqual(['proposal_drafted']);
  });

  it('detects by text for unknown tool names', () => {
    expect(detectToolEvents({ name: 'crm_call', content: `{'lead_id': UUID('${L1}'), 'nome': 'Lennon'} Lead criado` })).toEqual(['lead_created']);
    expect(detectToolEvents({ name: 'x', content: 'Proposta criada com sucesso' })).toEqual(['proposal_drafted']);
    expect(detectToolEvents({ name: 'x', content: 'proposta salva como rascunho' })).toEqual(['proposal_drafted']);
    expect(detectToolEvents({ name: 'x', content: 'proposta rascunhada' })).toEqual(['proposal_drafted']);
    expect(detectToolEvents({ name: 'x', content: 'nota registrada' })).toEqual([]);
  });

  it('does not read events from the text of known tools or from errors', () => {
    // A task titled "enviar proposta" says "proposta" and "criada" but is not a proposal.
    expect(detectToolEvents({ name: 'create_task', content: "{'titulo': 'enviar proposta'} tarefa criada" })).toEqual([]);
    expect(detectToolEvents({ name: 'create_lead', status: 'error', content: 'Erro: lead não criado' })).toEqual([]);
    expect(detectToolEvents({ name: 'x', content: 'Erro: lead não foi criado' })).toEqual([]);
  });
});

describe('update_context', () => {
  it('scans every message, narrates each event and takes the first lead reference', () => {
    const ctx = freshCtx();
    update_context(ctx, [
      { name: 'other', content: 'nada aqui' },
      { name: 'legacy_tool', content: `{'lead_id': UUID('${L1}'), 'nome': 'Lennon'} lead criado` },
      { name: 'create_lead', content: '', data: { lead_id: L2, nome: 'Maria' } },
      { name: 'legacy_tool', content: `{'proposta_id': UUID('${P1}'), 'titulo': 'Plano Anual', 'status': 'rascunho'}` },
    ]);
    expect(ctx.ai_responses.map((s) => s.text)).toEqual([
      `Lead criado: Lennon (id: ${L1})`,
      `Lead criado: Maria (id: ${L2})`,
      `Proposta rascunhada: Plano Anual (id: ${P1})`,
    ]);
    expect(ctx.ai_responses[0].data).toMatchObject({ lead_id: L1, nome: 'Lennon' });
    expect(ctx.lead_atual).toEqual({ id: L1, nome: 'Lennon' });
    expect(ctx.proposta_atual).toEqual({ id: P1, titulo: 'Plano Anual' });
    expect(ctx.tool_messages).toHaveLength(4);
  });

  it('injects lead_ref_ou_id into later lead-linked actions that lack one, and re-points injected ones', () => {
    const note: PlanAction = { intent: 'nota_adicionar', slots: { texto: 'x' } };
    const ownLead: PlanAction = { intent: 'tarefa_criar', slots: { lead_ref_ou_id: 'Pedro' } };
    const mentioned: PlanAction = { intent: 'tarefa_criar', slots: { lead_mencionado: 'Ana' } };
    const listing: PlanAction = { intent: 'lead_listar', slots: {} };
    const ctx = freshCtx([note, ownLead, mentioned, listing]);
    update_context(ctx, [{ name: 'create_lead', content: '', data: { lead_id: L1, nome: 'Lennon' } }]);
    expect(note.slots.lead_ref_ou_id).toBe(L1);
    expect(ownLead.slots.lead_ref_ou_id).toBe('Pedro');
    expect(mentioned.slots.lead_ref_ou_id).toBeUndefined();
    expect(listing.slots).toEqual({});
    update_context(ctx, [{ name: 'create_lead', content: '', data: { lead_id: L2, nome: 'Maria' } }]);
    expect(note.slots.lead_ref_ou_id).toBe(L2);
  });

  it('creates segments for items added and totals recalculated, and ignores errors', () => {
    const ctx = freshCtx();
    update_context(ctx, [
      { name: 'add_proposal_item', content: '', data: { proposta_id: P1, titulo: 'Plano', descricao: 'Setup', quantidade: 2, preco_unitario: 100, total_item: 200 } },
      { name: 'recalculate_proposal', content: '', data: { proposta_id: P1, titulo: 'Plano', subtotal: 200, desconto: 20, total: 180 } },
      { name: 'create_lead', status: 'error', content: 'Erro: informe o nome do lead' },
    ]);
    expect(ctx.ai_responses.map((s) => s.text)).toEqual([
      'Item adicionado à proposta Plano: 2x Setup a R$ 100,00 (total do item: R$ 200,00)',
      'Totais recalculados da proposta Plano: subtotal R$ 200,00, desconto R$ 20,00, total R$ 180,00',
    ]);
    expect(ctx.lead_atual).toBeUndefined();
  });
});
