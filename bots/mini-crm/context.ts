// update_context: after each step, scan EVERY recent tool message (not only the first) to
//  - detect a lead created / a proposal drafted / an item added / totals recalculated, by the
//    tool's name or, for tools we do not know, by the message text; and narrate a segment for each;
//  - consolidate lead_atual from the first lead reference found and inject it as
//    slots.lead_ref_ou_id into later pending actions that lack a lead;
//  - remember the current proposal and the last task.
import { parseObjectLoose } from 'switchboard';
import { push_ai_response } from './narration.ts';

import { fold } from './text.ts';
import type { CrmContext, CrmIntent, LeadRef, ProposalRef, Segment, TaskRef, ToolMessage } from './types.ts';
import { CRM_TOOLS } from './types.ts';

export type ToolEvent = 'lead_created' | 'proposal_drafted' | 'item_added' | 'totals_recalculated';

const NAME_EVENTS: Record<string, ToolEvent> = {
  create_lead: 'lead_created',
  criar_lead: 'lead_created',
  draft_proposal: 'proposal_drafted',
  rascunhar_proposta: 'proposal_drafted',
  add_proposal_item: 'item_added',
  adicionar_item: 'item_added',
  adicionar_item_proposta: 'item_added',
  recalculate_proposal: 'totals_recalculated',
  recalcular_proposta: 'totals_recalculated',
  recalcular_totais: 'totals_recalculated',
};

/** Tools whose name says what they did: their text is not searched for other events. */
const KNOWN_NAMES = new Set<string>([...CRM_TOOLS, ...Object.keys(NAME_EVENTS)]);

/**
 * What a tool message reports. By name first (create_lead/criar_lead, draft_proposal/rascunhar_proposta, …);
 * for other names by text: "lead" + "criado"; "proposta" + "criada"/"rascunho"/"rascunhada";
 * "item" + "adicionado"; "totais" + "recalculados"/"atualizados". Errors report nothing.
 */
export function detectToolEvents(msg: ToolMessage): ToolEvent[] {
  if (msg.status === 'error') return [];
  const name = fold(msg.name ?? '').trim();
  const byName = NAME_EVENTS[name];
  if (byName) return [byName];
  if (KNOWN_NAMES.has(name)) return [];
  const text = fold(typeof msg.content === 'string' ? msg.content : JSON.stringify(msg.content ?? ''));
  if (/^\s*erro\b/.test(text)) return [];
  const events: ToolEvent[] = [];
  if (text.includes('lead') && text.includes('criado')) events.push('lead_created');
  if (text.includes('proposta') && /criada|rascunho|rascunhada/.test(text)) events.push('proposal_drafted');
  if (/\bite(?:m|ns)\b/.test(text) && /adicionad/.test(text)) events.push('item_added');
  if (/\btotais\b/.test(text) && /recalculad|atualizad/.test(text)) events.push('totals_recalculated');
  return events;
}

const UUID_G = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The structured payload of a tool message: its data, else the object inside its text. */
export function toolPayload(msg: ToolMessage): Record<string, unknown> {
  if (msg.data && typeof msg.data === 'object' && !Array.isArray(msg.data)) return msg.data as Record<string, unknown>;
  return parseObjectLoose(msg.data) ?? parseObjectLoose(msg.content) ?? {};
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0)) || 0;

/** The lead a message refers to, if any. */
export function leadReference(msg: ToolMessage, event?: ToolEvent): LeadRef | null {
  if (msg.status === 'error') return null;
  const p = toolPayload(msg);
  let id = str(p.lead_id);
  if (!id && event === 'lead_created') id = str(p.id) ?? UUID_G.exec(String(msg.content ?? ''))?.[0];
  if (!id) return null;
  const nome = str(p.lead_nome) ?? str(p.nome) ?? str((p.lead as Record<string, unknown> | undefined)?.nome);
  return nome ? { id, nome } : null; // a bare id (e.g. a completed task's lead) does not change the current lead
}

/** Intents that belong to a lead and take the current one when the user names none. */
export const LEAD_LINKED = new Set<CrmIntent>(['nota_adicionar', 'tarefa_criar', 'proposta_rascunhar']);

type UpdatableContext = Pick<CrmContext, 'ai_responses' | 'pending_actions' | 'tool_messages' | 'injected' | 'say'> &
  Partial<Pick<CrmContext, 'lead_atual' | 'proposta_atual' | 'ultima_tarefa' | 'clock'>>;

/** Point later lead-linked actions without a lead of their own at `lead`. */
export function injectLead(ctx: Pick<CrmContext, 'pending_actions' | 'injected'>, lead: LeadRef): void {
  for (const action of ctx.pending_actions) {
    if (!LEAD_LINKED.has(action.intent)) continue;
    const own = (action.slots.lead_ref_ou_id && !ctx.injected.has(action)) || action.slots.lead_mencionado;
    if (own) continue;
    action.slots.lead_ref_ou_id = lead.id;
    ctx.injected.add(action);
  }
}

function segmentFor(ctx: Pick<CrmContext, 'say'>, event: ToolEvent, p: Record<string, unknown>, msg: ToolMessage): Omit<Segment, 'ok'> | null {
  switch (event) {
    case 'lead_created': {
      const id = str(p.lead_id) ?? str(p.id) ?? UUID_G.exec(String(msg.content ?? ''))?.[0];
      if (!id) return null;
      return { intent: 'lead_criar', text: ctx.say.leadCreated(str(p.nome) ?? str(p.lead_nome) ?? '(sem nome)', id), data: { ...p, lead_id: id } };
    }
    case 'proposal_drafted': {
      const id = str(p.proposta_id) ?? str(p.id) ?? UUID_G.exec(String(msg.content ?? ''))?.[0];
      if (!id) return null;
      return { intent: 'proposta_rascunhar', text: ctx.say.proposalDrafted(str(p.titulo) ?? 'Proposta', id), data: { ...p, proposta_id: id } };
    }
    case 'item_added':
      return {
        intent: 'proposta_item_adicionar',
        text: ctx.say.itemAdded(str(p.titulo) ?? 'atual', str(p.descricao) ?? 'item', num(p.quantidade) || 1, num(p.preco_unitario ?? p.preco), num(p.total_item ?? p.total)),
        data: p,
      };
    case 'totals_recalculated':
      return {
        intent: 'proposta_recalcular',
        text: ctx.say.totalsRecalculated(str(p.titulo) ?? 'atual', num(p.subtotal), num(p.desconto), num(p.total)),
        data: p,
      };
  }
}

/** update_context: Mutates and returns ctx. */
export function update_context<C extends UpdatableContext>(ctx: C, toolMessages: ToolMessage[]): C {
  let firstLead: LeadRef | null = null;
  for (const msg of toolMessages) {
    ctx.tool_messages.push(msg);
    const events = detectToolEvents(msg);
    const payload = toolPayload(msg);
    for (const event of events) {
      const seg = segmentFor(ctx, event, payload, msg);
      if (seg) push_ai_response(ctx, seg.intent, seg.text, true, seg.data);
    }
    if (msg.status === 'error') continue;
    if (!firstLead) firstLead = leadReference(msg, events.includes('lead_created') ? 'lead_created' : undefined);
    const propostaId = str(payload.proposta_id) ?? (events.includes('proposal_drafted') ? UUID_G.exec(String(msg.content ?? ''))?.[0] : undefined);
    if (propostaId) ctx.proposta_atual = { id: propostaId, titulo: str(payload.titulo) ?? (ctx.proposta_atual as ProposalRef | undefined)?.titulo ?? 'Proposta' };
    const tarefaId = str(payload.tarefa_id);
    if (tarefaId) ctx.ultima_tarefa = { id: tarefaId, titulo: str(payload.titulo) ?? '' } satisfies TaskRef;
  }
  if (firstLead) {
    ctx.lead_atual = firstLead;
    injectLead(ctx, firstLead);
  }
  return ctx;
}

