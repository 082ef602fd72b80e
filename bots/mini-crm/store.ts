// CRM rows for one turn: reads merge the database with an in-turn overlay, and every change is
// recorded both in the overlay (so later actions of the same turn see it) and as a write that the
// engine runs inside its persist transaction. Inserts use ON CONFLICT (id) DO NOTHING and updates
// set absolute values, so running the same writes twice changes nothing the second time.
import { randomUUID } from 'node:crypto';
import { matchScore, wordOverlap, type DeferredWrite, type Sql } from 'switchboard';

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
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toNum = (v: unknown): number => Number(v ?? 0);

function leadFrom(r: Record<string, unknown>): LeadRow {
  return {
    id: String(r.id),
    nome: String(r.nome),
    empresa: (r.empresa as string | null) ?? null,
    telefone: (r.telefone as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    origem: (r.origem as string | null) ?? null,
    created_at: toDate(r.created_at),
  };
}
function taskFrom(r: Record<string, unknown>): TaskRow {
  return {
    id: String(r.id),
    lead_id: (r.lead_id as string | null) ?? null,
    titulo: String(r.titulo),
    prazo: r.prazo == null ? null : toDate(r.prazo),
    concluida: r.concluida === true || r.concluida === 't',
    created_at: toDate(r.created_at),
  };
}
function proposalFrom(r: Record<string, unknown>): ProposalRow {
  return {
    id: String(r.id),
    lead_id: (r.lead_id as string | null) ?? null,
    titulo: String(r.titulo),
    status: String(r.status),
    subtotal: toNum(r.subtotal),
    desconto: toNum(r.desconto),
    total: toNum(r.total),
    created_at: toDate(r.created_at),
  };
}
function itemFrom(r: Record<string, unknown>): ItemRow {
  return {
    id: String(r.id),
    proposal_id: String(r.proposal_id),
    descricao: String(r.descricao),
    quantidade: toNum(r.quantidade),
    preco_unitario: toNum(r.preco_unitario),
    total: toNum(r.total),
    created_at: toDate(r.created_at),
  };
}

/** Newest first; overlay rows (this turn) are newer than anything stored. */
const newestFirst = <T extends { created_at: Date }>(rows: T[]) => rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());

function bestMatch<T extends { created_at: Date }>(rows: T[], score: (row: T) => number): T | null {
  let best: T | null = null;
  let bestScore = 0;
  for (const row of newestFirst([...rows])) {
    const s = score(row);
    if (s > bestScore) (best = row), (bestScore = s);
  }
  return best;
}

export class CrmStore {
  readonly writes: DeferredWrite[] = [];
  private readonly leads: LeadRow[] = [];
  private readonly notes: NoteRow[] = [];
  private readonly tasks: TaskRow[] = [];
  private readonly proposals: ProposalRow[] = [];
  private readonly items: ItemRow[] = [];
  private readonly taskPatches = new Map<string, Partial<TaskRow>>();
  private readonly proposalPatches = new Map<string, Partial<ProposalRow>>();
  private tick = 0;

  constructor(
    private readonly sql: Sql,
    readonly workspace: string,
    private readonly now: Date,
    private readonly newId: () => string = randomUUID,
  ) {}

  /** Creation times keep the order of actions within the turn. */
  private stamp(): Date {
    return new Date(this.now.getTime() + this.tick++);
  }

  // ------------------------------------------------------------ leads

  async listLeads(): Promise<LeadRow[]> {
    const rows = await this.sql.query(
      'SELECT id, nome, empresa, telefone, email, origem, created_at FROM crm_leads WHERE workspace = $1 ORDER BY created_at DESC LIMIT 500',
      [this.workspace],
    );
    return newestFirst([...this.leads, ...rows.map(leadFrom)]);
  }

  /**
   * By id, else by name (accent/case-insensitive, best match, newest wins ties), else by a contiguous
   * run of the company's words ("Rota Sul" finds "Transportadora Rota Sul").
   */
  async findLead(ref: string): Promise<LeadRow | null> {
    const all = await this.listLeads();
    const r = ref.trim();
    const byId = all.find((l) => l.id.toLowerCase() === r.toLowerCase());
    if (byId) return byId;
    if (UUID_RE.test(r)) return null;
    return bestMatch(all, (l) => matchScore(l.nome, r)) ?? bestMatch(all, (l) => (matchScore(l.empresa, r) >= 2 ? matchScore(l.empresa, r) : 0));
  }

  addLead(input: Omit<LeadRow, 'id' | 'created_at'>): LeadRow {
    const row: LeadRow = { id: this.newId(), created_at: this.stamp(), ...input };
    this.leads.push(row);
    const ws = this.workspace;
    this.writes.push(async (tx) => {
      await tx.query(
        `INSERT INTO crm_leads (id, workspace, nome, empresa, telefone, email, origem, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [row.id, ws, row.nome, row.empresa, row.telefone, row.email, row.origem, row.created_at],
      );
    });
    return row;
  }

  // ------------------------------------------------------------ notes

  async listNotes(leadId?: string): Promise<NoteRow[]> {
    const rows = leadId
      ? await this.sql.query('SELECT id, lead_id, texto, created_at FROM crm_notes WHERE workspace = $1 AND lead_id = $2 ORDER BY created_at DESC LIMIT 200', [this.workspace, leadId])
      : await this.sql.query('SELECT id, lead_id, texto, created_at FROM crm_notes WHERE workspace = $1 ORDER BY created_at DESC LIMIT 200', [this.workspace]);
    const stored = rows.map((r) => ({ id: String(r.id), lead_id: String(r.lead_id), texto: String(r.texto), created_at: toDate(r.created_at) }));
    return newestFirst([...this.notes.filter((n) => !leadId || n.lead_id === leadId), ...stored]);
  }

  addNote(leadId: string, texto: string): NoteRow {
    const row: NoteRow = { id: this.newId(), lead_id: leadId, texto, created_at: this.stamp() };
    this.notes.push(row);
    const ws = this.workspace;
    this.writes.push(async (tx) => {
      await tx.query('INSERT INTO crm_notes (id, workspace, lead_id, texto, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING', [
        row.id, ws, row.lead_id, row.texto, row.created_at,
      ]);
    });
    return row;
  }

  // ------------------------------------------------------------ tasks

  async listTasks(): Promise<TaskRow[]> {
    const rows = await this.sql.query(
      'SELECT id, lead_id, titulo, prazo, concluida, created_at FROM crm_tasks WHERE workspace = $1 ORDER BY created_at DESC LIMIT 500',
      [this.workspace],
    );
    return newestFirst([...this.tasks, ...rows.map(taskFrom)]).map((t) => ({ ...t, ...this.taskPatches.get(t.id) }));
  }

  /**
   * By id, else by title, else by word overlap with the title and the task's lead ("ligar pro Caetano"
   * finds "Ligar para Caetano Reis", and an old "Ligar pra ele" whose lead is Caetano). Pending tasks
   * are preferred over done ones.
   */
  async findTask(ref: string): Promise<TaskRow | null> {
    const all = await this.listTasks();
    const r = ref.trim();
    const byId = all.find((t) => t.id.toLowerCase() === r.toLowerCase());
    if (byId) return byId;
    if (UUID_RE.test(r)) return null;
    const pending = all.filter((t) => !t.concluida);
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
    const row: TaskRow = { id: this.newId(), concluida: false, created_at: this.stamp(), ...input };
    this.tasks.push(row);
    const ws = this.workspace;
    this.writes.push(async (tx) => {
      await tx.query(
        'INSERT INTO crm_tasks (id, workspace, lead_id, titulo, prazo, concluida, created_at) VALUES ($1, $2, $3, $4, $5, false, $6) ON CONFLICT (id) DO NOTHING',
        [row.id, ws, row.lead_id, row.titulo, row.prazo, row.created_at],
      );
    });
    return row;
  }

  completeTask(task: TaskRow): TaskRow {
    this.taskPatches.set(task.id, { ...this.taskPatches.get(task.id), concluida: true });
    const ws = this.workspace;
    this.writes.push(async (tx) => {
      await tx.query('UPDATE crm_tasks SET concluida = true WHERE id = $1 AND workspace = $2', [task.id, ws]);
    });
    return { ...task, concluida: true };
  }

  // ------------------------------------------------------------ proposals

  async listProposals(): Promise<ProposalRow[]> {
    const rows = await this.sql.query(
      'SELECT id, lead_id, titulo, status, subtotal, desconto, total, created_at FROM crm_proposals WHERE workspace = $1 ORDER BY created_at DESC LIMIT 200',
      [this.workspace],
    );
    return newestFirst([...this.proposals, ...rows.map(proposalFrom)]).map((p) => ({ ...p, ...this.proposalPatches.get(p.id) }));
  }

  async findProposal(ref: string): Promise<ProposalRow | null> {
    const all = await this.listProposals();
    const r = ref.trim();
    const byId = all.find((p) => p.id.toLowerCase() === r.toLowerCase());
    if (byId) return byId;
    if (UUID_RE.test(r)) return null;
    return bestMatch(all, (p) => matchScore(p.titulo, r));
  }

  addProposal(input: { titulo: string; lead_id: string | null }): ProposalRow {
    const row: ProposalRow = { id: this.newId(), status: 'rascunho', subtotal: 0, desconto: 0, total: 0, created_at: this.stamp(), ...input };
    this.proposals.push(row);
    const ws = this.workspace;
    this.writes.push(async (tx) => {
      await tx.query(
        `INSERT INTO crm_proposals (id, workspace, lead_id, titulo, status, subtotal, desconto, total, created_at)
         VALUES ($1, $2, $3, $4, $5, 0, 0, 0, $6) ON CONFLICT (id) DO NOTHING`,
        [row.id, ws, row.lead_id, row.titulo, row.status, row.created_at],
      );
    });
    return row;
  }

  async listItems(proposalId: string): Promise<ItemRow[]> {
    const rows = await this.sql.query(
      'SELECT id, proposal_id, descricao, quantidade, preco_unitario, total, created_at FROM crm_proposal_items WHERE proposal_id = $1 ORDER BY created_at',
      [proposalId],
    );
    return [...rows.map(itemFrom), ...this.items.filter((i) => i.proposal_id === proposalId)].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  }

  addItem(input: Omit<ItemRow, 'id' | 'created_at'>): ItemRow {
    const row: ItemRow = { id: this.newId(), created_at: this.stamp(), ...input };
    this.items.push(row);
    this.writes.push(async (tx) => {
      await tx.query(
        `INSERT INTO crm_proposal_items (id, proposal_id, descricao, quantidade, preco_unitario, total, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [row.id, row.proposal_id, row.descricao, row.quantidade, row.preco_unitario, row.total, row.created_at],
      );
    });
    return row;
  }

  setProposalTotals(proposal: ProposalRow, totals: { subtotal: number; desconto: number; total: number }): ProposalRow {
    this.proposalPatches.set(proposal.id, { ...this.proposalPatches.get(proposal.id), ...totals });
    const ws = this.workspace;
    this.writes.push(async (tx) => {
      await tx.query('UPDATE crm_proposals SET subtotal = $2, desconto = $3, total = $4 WHERE id = $1 AND workspace = $5', [
        proposal.id, totals.subtotal, totals.desconto, totals.total, ws,
      ]);
    });
    return { ...proposal, ...totals };
  }
}
