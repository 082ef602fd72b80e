// The Mini-CRM tools (English names, as in the seed). Each returns a ToolMessage-like object:
// `content` is text in the shape Python tools produce ("{'lead_id': UUID('…'), …} lead criado"),
// `data` the same payload as an object. Tools never throw: a failure is a message with status 'error'.
import { toPythonLiteral } from 'switchboard';
import type { CrmStore, LeadRow, ProposalRow, TaskRow } from './store.ts';
import { leadRefs, round2 } from './text.ts';
import type { CrmEvent, CrmToolName, ToolMessage } from './types.ts';

class ToolError extends Error {}

export interface CreateLeadArgs { nome?: string; empresa?: string; telefone?: string; email?: string; origem?: string }
export interface AddNoteArgs { lead_ref_ou_id?: string; texto?: string }
export interface CreateTaskArgs { titulo?: string; prazo?: string; lead_ref_ou_id?: string }
export interface DraftProposalArgs { titulo?: string; lead_ref_ou_id?: string }
export interface FindLeadArgs { ref?: string }
export interface ListNotesArgs { lead_ref_ou_id?: string }
export interface ListTasksArgs { filtro?: 'pendentes' | 'concluidas' | 'todas'; lead_ref_ou_id?: string }
export interface CompleteTaskArgs { ref?: string }
export interface AddProposalItemArgs { proposta_ref?: string; descricao?: string; quantidade?: number; preco?: number }
export interface RecalculateProposalArgs { proposta_ref?: string; desconto?: number; desconto_percentual?: number }

export interface CrmTools {
  create_lead(args: CreateLeadArgs): Promise<ToolMessage>;
  add_note(args: AddNoteArgs): Promise<ToolMessage>;
  create_task(args: CreateTaskArgs): Promise<ToolMessage>;
  draft_proposal(args: DraftProposalArgs): Promise<ToolMessage>;
  list_leads(args?: Record<string, never>): Promise<ToolMessage>;
  find_lead(args: FindLeadArgs): Promise<ToolMessage>;
  list_notes(args: ListNotesArgs): Promise<ToolMessage>;
  list_tasks(args: ListTasksArgs): Promise<ToolMessage>;
  complete_task(args: CompleteTaskArgs): Promise<ToolMessage>;
  add_proposal_item(args: AddProposalItemArgs): Promise<ToolMessage>;
  recalculate_proposal(args: RecalculateProposalArgs): Promise<ToolMessage>;
}

const leadPayload = (l: LeadRow) => ({ lead_id: l.id, nome: l.nome, empresa: l.empresa, telefone: l.telefone, email: l.email, origem: l.origem });
const taskPayload = (t: TaskRow) => ({ tarefa_id: t.id, titulo: t.titulo, prazo: t.prazo ? t.prazo.toISOString() : null, concluida: t.concluida, lead_id: t.lead_id });
const proposalTotals = (p: ProposalRow) => ({ subtotal: p.subtotal, desconto: p.desconto, total: p.total });

function ok(name: CrmToolName, data: Record<string, unknown>, phrase: string): ToolMessage {
  return { name, status: 'success', data, content: `${toPythonLiteral(data)} ${phrase}` };
}

async function requireLead(store: CrmStore, ref: string | undefined, required: boolean): Promise<LeadRow | null> {
  if (!ref) {
    if (required) throw new ToolError('nenhum lead informado (diga o nome do lead)');
    return null;
  }
  const lead = await store.findLead(ref);
  if (!lead) throw new ToolError(`lead não encontrado: ${ref}`);
  return lead;
}

async function requireProposal(store: CrmStore, ref: string | undefined): Promise<ProposalRow> {
  if (!ref) throw new ToolError('nenhuma proposta em andamento (rascunhe uma proposta antes)');
  const p = await store.findProposal(ref);
  if (!p) throw new ToolError(`proposta não encontrada: ${ref}`);
  return p;
}

export function createCrmTools(store: CrmStore, emit?: (event: CrmEvent) => void): CrmTools {
  const impl: { [K in CrmToolName]: (args: any) => Promise<ToolMessage> } = {
    async create_lead(a: CreateLeadArgs) {
      if (!a.nome?.trim()) throw new ToolError('informe o nome do lead');
      const lead = store.addLead({ nome: a.nome.trim(), empresa: a.empresa ?? null, telefone: a.telefone ?? null, email: a.email ?? null, origem: a.origem ?? null });
      return ok('create_lead', leadPayload(lead), 'lead criado');
    },
    async add_note(a: AddNoteArgs) {
      const lead = (await requireLead(store, a.lead_ref_ou_id, true))!;
      if (!a.texto?.trim()) throw new ToolError(`informe o texto da nota para ${lead.nome}`);
      const note = store.addNote(lead.id, a.texto.trim());
      return ok('add_note', { nota_id: note.id, lead_id: lead.id, lead_nome: lead.nome, texto: note.texto }, 'nota registrada');
    },
    async create_task(a: CreateTaskArgs) {
      const lead = await requireLead(store, a.lead_ref_ou_id, false);
      const prazo = a.prazo ? new Date(a.prazo) : null;
      if (prazo && Number.isNaN(prazo.getTime())) throw new ToolError(`prazo inválido: ${a.prazo}`);
      // "Ligar pra ele" is stored as "Ligar para Caetano Reis": the title still says who once lead_atual has moved on.
      const typed = a.titulo?.trim();
      const titulo = typed ? (lead ? leadRefs.name(typed, lead.nome) : typed) : lead ? `Follow-up com ${lead.nome}` : 'Follow-up';
      const task = store.addTask({ titulo, prazo, lead_id: lead?.id ?? null });
      return ok('create_task', { ...taskPayload(task), lead_nome: lead?.nome ?? null }, 'tarefa criada');
    },
    async draft_proposal(a: DraftProposalArgs) {
      const lead = await requireLead(store, a.lead_ref_ou_id, false);
      const typed = a.titulo?.trim();
      const titulo = typed ? (lead ? leadRefs.name(typed, lead.nome) : typed) : lead ? `Proposta para ${lead.nome}` : 'Proposta comercial';
      const p = store.addProposal({ titulo, lead_id: lead?.id ?? null });
      return ok('draft_proposal', { proposta_id: p.id, titulo: p.titulo, lead_id: p.lead_id, lead_nome: lead?.nome ?? null, status: p.status }, 'proposta rascunhada');
    },
    async list_leads() {
      const leads = await store.listLeads();
      return ok('list_leads', { leads: leads.map(leadPayload) }, 'leads listados');
    },
    async find_lead(a: FindLeadArgs) {
      if (!a.ref?.trim()) throw new ToolError('diga o nome do lead que devo procurar');
      const lead = await store.findLead(a.ref);
      if (!lead) throw new ToolError(`nenhum lead com "${a.ref}"`);
      return ok('find_lead', leadPayload(lead), 'lead encontrado');
    },
    async list_notes(a: ListNotesArgs) {
      const lead = await requireLead(store, a.lead_ref_ou_id, false);
      const notes = await store.listNotes(lead?.id);
      return ok(
        'list_notes',
        { lead_id: lead?.id ?? null, lead_nome: lead?.nome ?? null, notas: notes.map((n) => ({ nota_id: n.id, lead_id: n.lead_id, texto: n.texto })) },
        'notas listadas',
      );
    },
    async list_tasks(a: ListTasksArgs) {
      const lead = await requireLead(store, a.lead_ref_ou_id, false);
      const filtro = a.filtro ?? 'pendentes';
      const tasks = (await store.listTasks())
        .filter((t) => !lead || t.lead_id === lead.id)
        .filter((t) => (filtro === 'todas' ? true : filtro === 'concluidas' ? t.concluida : !t.concluida))
        .sort((x, y) => (x.prazo?.getTime() ?? Infinity) - (y.prazo?.getTime() ?? Infinity));
      return ok('list_tasks', { filtro, lead_nome: lead?.nome ?? null, tarefas: tasks.map(taskPayload) }, 'tarefas listadas');
    },
    async complete_task(a: CompleteTaskArgs) {
      if (!a.ref?.trim()) throw new ToolError('diga qual tarefa devo concluir');
      const task = await store.findTask(a.ref);
      if (!task) throw new ToolError(`tarefa não encontrada: ${a.ref}`);
      if (task.concluida) throw new ToolError(`a tarefa "${task.titulo}" já estava concluída`);
      const done = store.completeTask(task);
      return ok('complete_task', taskPayload(done), 'tarefa concluída');
    },
    async add_proposal_item(a: AddProposalItemArgs) {
      const p = await requireProposal(store, a.proposta_ref);
      if (!a.descricao?.trim()) throw new ToolError('informe a descrição do item');
      if (a.preco === undefined || !Number.isFinite(a.preco) || a.preco < 0) throw new ToolError(`informe o preço de "${a.descricao}"`);
      const quantidade = a.quantidade && a.quantidade > 0 ? a.quantidade : 1;
      const item = store.addItem({ proposal_id: p.id, descricao: a.descricao.trim(), quantidade, preco_unitario: round2(a.preco), total: round2(quantidade * a.preco) });
      const subtotal = round2((await store.listItems(p.id)).reduce((s, i) => s + i.total, 0));
      const updated = store.setProposalTotals(p, { subtotal, desconto: p.desconto, total: round2(Math.max(0, subtotal - p.desconto)) });
      return ok(
        'add_proposal_item',
        { item_id: item.id, proposta_id: p.id, titulo: p.titulo, descricao: item.descricao, quantidade, preco_unitario: item.preco_unitario, total_item: item.total, ...proposalTotals(updated) },
        'item adicionado à proposta',
      );
    },
    async recalculate_proposal(a: RecalculateProposalArgs) {
      const p = await requireProposal(store, a.proposta_ref);
      const items = await store.listItems(p.id);
      const subtotal = round2(items.reduce((s, i) => s + i.total, 0));
      const desconto = round2(
        a.desconto_percentual !== undefined ? (subtotal * a.desconto_percentual) / 100 : a.desconto !== undefined ? a.desconto : p.desconto,
      );
      const updated = store.setProposalTotals(p, { subtotal, desconto, total: round2(Math.max(0, subtotal - desconto)) });
      return ok('recalculate_proposal', { proposta_id: p.id, titulo: p.titulo, itens: items.length, ...proposalTotals(updated) }, 'totais recalculados');
    },
  };

  const wrapped = {} as CrmTools;
  for (const name of Object.keys(impl) as CrmToolName[]) {
    (wrapped as unknown as Record<string, (args: unknown) => Promise<ToolMessage>>)[name] = async (args: unknown = {}) => {
      emit?.({ type: 'tool_start', tool: name, input: args });
      let msg: ToolMessage;
      try {
        msg = await impl[name](args);
      } catch (err) {
        const reason = err instanceof ToolError ? err.message : `erro inesperado (${err instanceof Error ? err.message : String(err)})`;
        msg = { name, status: 'error', content: `Erro: ${reason}`, data: { error: reason } };
      }
      emit?.({ type: 'tool_end', tool: name, output: msg.data ?? msg.content });
      return msg;
    };
  }
  return wrapped;
}
