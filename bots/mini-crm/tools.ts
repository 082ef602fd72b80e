// The Mini-CRM tools (English names). Each takes its arguments as bot.yaml `actions:` maps them from the planned
// slots and the remembered references, and returns the result's fields (ids, names, lists) the replies show and
// the next actions remember. A failure the user should read is an ActionError naming a bot.yaml reply.
import { ActionError, type ActionTool, type ToolContext } from 'switchboard';
import type { CrmStore, LeadRow, ProposalRow, TaskRow } from './store.ts';
import { leadRefs, round2 } from './text.ts';

/**
 * Which lead an action means: the runtime found the lead the request named (bot.yaml `actions.resolve`), else
 * it is the current one; a name that found no lead never reaches a tool (the action asks instead).
 */
interface LeadArgs {
  lead?: string;
}
interface CreateLeadArgs { nome?: string; empresa?: string; telefone?: string; email?: string; origem?: string }
interface AddNoteArgs extends LeadArgs { texto?: string }
interface CreateTaskArgs extends LeadArgs { titulo?: string; prazo?: string }
interface DraftProposalArgs extends LeadArgs { titulo?: string }
interface FindLeadArgs { ref?: string }
type ListNotesArgs = LeadArgs;
/** Listings filter by the current lead only when the request points at it ("as tarefas dele"). */
interface ListTasksArgs extends LeadArgs { filtro?: 'pendentes' | 'concluidas' | 'todas'; lead_atual?: string; usar_lead_atual?: boolean }
/** `lead_nome`: the current lead's name, which a pronoun in the reference stands for ("a tarefa de ligar pra ela"). */
interface CompleteTaskArgs { ref?: string; lead_nome?: string }
interface AddProposalItemArgs { proposta_ref?: string; descricao?: string; quantidade?: number; preco?: number }
interface RecalculateProposalArgs { proposta_ref?: string; desconto?: number; desconto_percentual?: number }


const isId = (ref: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref.trim());

const leadPayload = (l: LeadRow) => ({ lead_id: l.id, nome: l.nome, empresa: l.empresa, telefone: l.telefone, email: l.email, origem: l.origem });
const taskPayload = (t: TaskRow) => ({ tarefa_id: t.id, titulo: t.titulo, prazo: t.prazo ? t.prazo.toISOString() : null, concluida: t.concluida, lead_id: t.lead_id });
const proposalTotals = (p: ProposalRow) => ({ subtotal: p.subtotal, desconto: p.desconto, total: p.total });

async function leadOf(store: CrmStore, ref: string | undefined, required: boolean): Promise<LeadRow | null> {
  if (ref) {
    const lead = await store.findLead(ref);
    if (lead) return lead;
    throw new ActionError('lead_nao_encontrado', { ref });
  }
  if (required) throw new ActionError('lead_nao_informado');
  return null;
}

async function requireProposal(store: CrmStore, ref: string | undefined): Promise<ProposalRow> {
  if (!ref) throw new ActionError('sem_proposta');
  const p = await store.findProposal(ref);
  if (!p) throw new ActionError('proposta_nao_encontrada', { ref });
  return p;
}

/**
 * "Ligar pra ele" is stored as "Ligar para Caetano Reis": the title still says who once the current lead has moved
 * on. No title: the bot's default (`<kind>_sem_titulo`, or `<kind>_do_lead` with the lead's name).
 */
function titleFor(typed: string | undefined, lead: LeadRow | null, kind: 'tarefa' | 'proposta', t: ToolContext): string {
  const typedTitle = typed?.trim();
  if (typedTitle) return lead ? leadRefs.name(typedTitle, lead.nome) : typedTitle;
  return lead ? t.reply(`${kind}_do_lead`, { nome: lead.nome }) : t.reply(`${kind}_sem_titulo`);
}

/** The tools by the names bot.yaml `actions.intents.<intent>.tool` gives them. */
export function createCrmTools(store: CrmStore): Record<string, ActionTool> {
  const tools: Record<string, (args: any, t: ToolContext) => Promise<Record<string, unknown>>> = {
    async create_lead(a: CreateLeadArgs) {
      if (!a.nome?.trim()) throw new ActionError('lead_sem_nome');
      const lead = store.addLead({ nome: a.nome.trim(), empresa: a.empresa ?? null, telefone: a.telefone ?? null, email: a.email ?? null, origem: a.origem ?? null });
      return leadPayload(lead);
    },
    async add_note(a: AddNoteArgs) {
      const lead = (await leadOf(store, a.lead, true))!;
      if (!a.texto?.trim()) throw new ActionError('nota_sem_texto', { nome: lead.nome });
      const note = store.addNote(lead.id, a.texto.trim());
      return { nota_id: note.id, lead_id: lead.id, lead_nome: lead.nome, texto: note.texto };
    },
    async create_task(a: CreateTaskArgs, t) {
      const lead = await leadOf(store, a.lead, false);
      const prazo = a.prazo ? new Date(a.prazo) : null;
      if (prazo && Number.isNaN(prazo.getTime())) throw new ActionError('prazo_invalido', { prazo: a.prazo });
      const task = store.addTask({ titulo: titleFor(a.titulo, lead, 'tarefa', t), prazo, lead_id: lead?.id ?? null });
      return { ...taskPayload(task), lead_nome: lead?.nome ?? null };
    },
    async draft_proposal(a: DraftProposalArgs, t) {
      const lead = await leadOf(store, a.lead, false);
      const p = store.addProposal({ titulo: titleFor(a.titulo, lead, 'proposta', t), lead_id: lead?.id ?? null });
      return { proposta_id: p.id, titulo: p.titulo, lead_id: p.lead_id, lead_nome: lead?.nome ?? null, status: p.status };
    },
    /**
     * The leads a name may mean (bot.yaml `actions.resolve`): the best matches, several when they tie. A planner may
     * send an id we do not know with the lead's name beside it ({'nome', 'id'}): the name is looked up then.
     */
    async match_leads(a: { ref?: string; refs?: string[] }) {
      const names = [...new Set([a.ref, ...(a.refs ?? [])].filter((r): r is string => Boolean(r?.trim())))];
      for (const [i, name] of names.entries()) {
        const matches = await store.matchLeads(name);
        if (matches.length || !isId(name) || i === names.length - 1) return { matches: matches.map(leadPayload), ref: isId(name) ? names.find((n) => !isId(n)) ?? name : name };
      }
      return { matches: [] };
    },
    async list_leads() {
      return { leads: (await store.listLeads()).map(leadPayload) };
    },
    async find_lead(a: FindLeadArgs) {
      if (!a.ref?.trim()) throw new ActionError('lead_a_procurar');
      const lead = await store.findLead(a.ref);
      if (!lead) throw new ActionError('nenhum_lead_com', { ref: a.ref });
      return leadPayload(lead);
    },
    async list_notes(a: ListNotesArgs) {
      const lead = await leadOf(store, a.lead, false);
      const notes = await store.listNotes(lead?.id);
      return { lead_id: lead?.id ?? null, lead_nome: lead?.nome ?? null, notas: notes.map((n) => ({ nota_id: n.id, lead_id: n.lead_id, texto: n.texto })) };
    },
    async list_tasks(a: ListTasksArgs) {
      const lead = await leadOf(store, a.lead ?? (a.usar_lead_atual ? a.lead_atual : undefined), false);
      const filtro = a.filtro ?? 'pendentes';
      const tasks = (await store.listTasks())
        .filter((t) => !lead || t.lead_id === lead.id)
        .filter((t) => (filtro === 'todas' ? true : filtro === 'concluidas' ? t.concluida : !t.concluida))
        .sort((x, y) => (x.prazo?.getTime() ?? Infinity) - (y.prazo?.getTime() ?? Infinity));
      return { filtro, lead_nome: lead?.nome ?? null, tarefas: tasks.map(taskPayload) };
    },
    async complete_task(a: CompleteTaskArgs) {
      const ref = a.ref?.trim() && a.lead_nome ? leadRefs.name(a.ref, a.lead_nome) : a.ref;
      if (!ref?.trim()) throw new ActionError('tarefa_a_concluir');
      const task = await store.findTask(ref);
      if (!task) throw new ActionError('tarefa_nao_encontrada', { ref });
      if (task.concluida) throw new ActionError('tarefa_ja_concluida', { titulo: task.titulo });
      return taskPayload(store.completeTask(task));
    },
    async add_proposal_item(a: AddProposalItemArgs) {
      const p = await requireProposal(store, a.proposta_ref);
      if (!a.descricao?.trim()) throw new ActionError('item_sem_descricao');
      if (a.preco === undefined || !Number.isFinite(a.preco) || a.preco < 0) throw new ActionError('item_sem_preco', { descricao: a.descricao });
      const quantidade = a.quantidade && a.quantidade > 0 ? a.quantidade : 1;
      const item = store.addItem({ proposal_id: p.id, descricao: a.descricao.trim(), quantidade, preco_unitario: round2(a.preco), total: round2(quantidade * a.preco) });
      const subtotal = round2((await store.listItems(p.id)).reduce((s, i) => s + i.total, 0));
      const updated = store.setProposalTotals(p, { subtotal, desconto: p.desconto, total: round2(Math.max(0, subtotal - p.desconto)) });
      return { item_id: item.id, proposta_id: p.id, titulo: p.titulo, descricao: item.descricao, quantidade, preco_unitario: item.preco_unitario, total_item: item.total, ...proposalTotals(updated) };
    },
    async recalculate_proposal(a: RecalculateProposalArgs) {
      const p = await requireProposal(store, a.proposta_ref);
      const items = await store.listItems(p.id);
      const subtotal = round2(items.reduce((s, i) => s + i.total, 0));
      const desconto = round2(
        a.desconto_percentual !== undefined ? (subtotal * a.desconto_percentual) / 100 : a.desconto !== undefined ? a.desconto : p.desconto,
      );
      const updated = store.setProposalTotals(p, { subtotal, desconto, total: round2(Math.max(0, subtotal - desconto)) });
      return { proposta_id: p.id, titulo: p.titulo, itens: items.length, ...proposalTotals(updated) };
    },
  };
  return tools;
}
