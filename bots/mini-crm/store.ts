// CRM rows for one turn: the tables of bot.yaml `records:`, read through the runtime's TurnRows, which merge the
// database with what this turn changed (so later actions see it) and turn every change into a write the engine
// commits with the reply. Here: the rows' shapes, and how a lead, a task or a proposal is found from what the
// user called it.
import { randomUUID } from 'node:crypto';
import { matchScore, recordRows, wordOverlap, type DeferredWrite, type Sql, type TurnRows } from 'switchboard';
import { botConfig } from './text.ts';

export interface LeadRow {
  id: string;
  nome: string;
  empresa: string | null;
  telefone: string | null;
  email: string | null;
  origem: string | null;
  created_at: Date;
}
export interface NoteRow {
  id: string;
  lead_id: string;
  texto: string;
  created_at: Date;
}
export interface TaskRow {
  id: string;
  lead_id: string | null;
  titulo: string;
  prazo: Date | null;
  concluida: boolean;
  created_at: Date;
}
export interface ProposalRow {
  id: string;
  lead_id: string | null;
  titulo: string;
  status: string;
  subtotal: number;
  desconto: number;
  total: number;
  created_at: Date;
}
export interface ItemRow {
  id: string;
  proposal_id: string;
  descricao: string;
  quantidade: number;
  preco_unitario: number;
  total: number;
  created_at: Date;
}

/** Share of the reference's words a task must have to be taken for it. */
const TASK_OVERLAP = 0.6;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows come newest first: among equal scores the newest wins. */
function bestMatch<T extends { created_at: Date }>(rows: T[], score: (row: T) => number): T | null {
  let best: T | null = null;
  let bestScore = 0;
  for (const row of rows) {
    const s = score(row);
    if (s > bestScore) {
      best = row;
      bestScore = s;
    }
  }
  return best;
}

/** By id, else (no UUID given) the best match by `score`. */
function byIdOr<T extends { id: string; created_at: Date }>(rows: T[], ref: string, score: (row: T) => number): T | null {
  const r = ref.trim();
  return rows.find((row) => row.id.toLowerCase() === r.toLowerCase()) ?? (UUID_RE.test(r) ? null : bestMatch(rows, score));
}

export class CrmStore {
  private readonly leads: TurnRows<LeadRow>;
  private readonly notes: TurnRows<NoteRow>;
  private readonly tasks: TurnRows<TaskRow>;
  private readonly proposals: TurnRows<ProposalRow>;
  private readonly items: TurnRows<ItemRow>;
  private tick = 0;

  constructor(
    sql: Sql,
    readonly workspace: string,
    private readonly now: Date,
    /** Where each change's write goes (`ctx.defer`: it commits with the reply), or a list a test runs. */
    writes: DeferredWrite[] | ((write: DeferredWrite) => void),
    private readonly newId: () => string = randomUUID,
  ) {
    const scope = { workspace };
    this.leads = recordRows(botConfig, 'crm_leads', sql, writes, scope);
    this.notes = recordRows(botConfig, 'crm_notes', sql, writes, scope);
    this.tasks = recordRows(botConfig, 'crm_tasks', sql, writes, scope);
    this.proposals = recordRows(botConfig, 'crm_proposals', sql, writes, scope);
    this.items = recordRows(botConfig, 'crm_proposal_items', sql, writes);
  }

  /** A new row's id and creation time (times keep the order of actions within the turn). */
  private fresh() {
    return { id: this.newId(), created_at: new Date(this.now.getTime() + this.tick++) };
  }

  listLeads(): Promise<LeadRow[]> {
    return this.leads.list();
  }

  /**
   * By id, else by name (accent/case-insensitive, best match, newest wins ties), else by a contiguous
   * run of the company's words ("Rota Sul" finds "Transportadora Rota Sul").
   */
  async findLead(ref: string): Promise<LeadRow | null> {
    const all = await this.listLeads();
    return byIdOr(all, ref, (l) => matchScore(l.nome, ref.trim())) ?? byIdOr(all, ref, (l) => (matchScore(l.empresa, ref.trim()) >= 2 ? matchScore(l.empresa, ref.trim()) : 0));
  }

  /**
   * The leads `ref` may mean: the one with that id, else those with the best name score (several when they tie),
   * else those whose company has the best score of at least a run of its words.
   */
  async matchLeads(ref: string): Promise<LeadRow[]> {
    const all = await this.listLeads();
    const r = ref.trim();
    const byId = all.filter((l) => l.id.toLowerCase() === r.toLowerCase());
    if (byId.length || UUID_RE.test(r)) return byId;
    const best = (score: (l: LeadRow) => number, min: number) => {
      const scored = all.map((l) => [l, score(l)] as const).filter(([, s]) => s >= min);
      const top = Math.max(0, ...scored.map(([, s]) => s));
      return scored.filter(([, s]) => s === top).map(([l]) => l);
    };
    const byName = best((l) => matchScore(l.nome, r), 1);
    return byName.length ? byName : best((l) => matchScore(l.empresa, r), 2);
  }

  addLead(input: Omit<LeadRow, 'id' | 'created_at'>): LeadRow {
    return this.leads.insert({ ...this.fresh(), ...input });
  }

  listNotes(leadId?: string): Promise<NoteRow[]> {
    return this.notes.list(leadId ? { lead_id: leadId } : {});
  }

  addNote(leadId: string, texto: string): NoteRow {
    return this.notes.insert({ ...this.fresh(), lead_id: leadId, texto });
  }

  listTasks(): Promise<TaskRow[]> {
    return this.tasks.list();
  }

  /**
   * By id, else by title, else by word overlap with the title and the task's lead ("ligar pro Caetano"
   * finds "Ligar para Caetano Reis", and an old "Ligar pra ele" whose lead is Caetano). Pending tasks
   * are preferred over done ones.
   */
  async findTask(ref: string): Promise<TaskRow | null> {
    const all = await this.listTasks();
    const r = ref.trim();
    const pending = all.filter((t) => !t.concluida);
    const byId = all.find((t) => t.id.toLowerCase() === r.toLowerCase());
    if (byId || UUID_RE.test(r)) return byId ?? null;
    const byTitle = bestMatch(pending, (t) => matchScore(t.titulo, r)) ?? bestMatch(all, (t) => matchScore(t.titulo, r));
    if (byTitle) return byTitle;
    const leadNames = new Map((await this.listLeads()).map((l) => [l.id, l.nome]));
    const overlap = (t: TaskRow) => {
      const share = wordOverlap(`${t.titulo} ${(t.lead_id && leadNames.get(t.lead_id)) ?? ''}`, r, 'pt', ['lead', 'tarefa']);
      return share >= TASK_OVERLAP ? share : 0;
    };
    return bestMatch(pending, overlap) ?? bestMatch(all, overlap);
  }

  addTask(input: { titulo: string; prazo: Date | null; lead_id: string | null }): TaskRow {
    return this.tasks.insert({ ...this.fresh(), concluida: false, ...input });
  }

  completeTask(task: TaskRow): TaskRow {
    return this.tasks.update(task, { concluida: true });
  }

  async findProposal(ref: string): Promise<ProposalRow | null> {
    return byIdOr(await this.proposals.list(), ref, (p) => matchScore(p.titulo, ref.trim()));
  }

  addProposal(input: { titulo: string; lead_id: string | null }): ProposalRow {
    return this.proposals.insert({ ...this.fresh(), status: 'rascunho', subtotal: 0, desconto: 0, total: 0, ...input });
  }

  /** A proposal's items, oldest first. */
  async listItems(proposalId: string): Promise<ItemRow[]> {
    return (await this.items.list({ proposal_id: proposalId })).reverse();
  }

  addItem(input: Omit<ItemRow, 'id' | 'created_at'>): ItemRow {
    return this.items.insert({ ...this.fresh(), ...input });
  }

  setProposalTotals(proposal: ProposalRow, totals: { subtotal: number; desconto: number; total: number }): ProposalRow {
    return this.proposals.update(proposal, totals);
  }
}
