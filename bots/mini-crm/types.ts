// Shapes shared by the mini-CRM modules: what a planned action's slots mean here, what the conversation
// remembers, the turn. Actions, clauses, the clock and deferred writes are the runtime's.
import type { ActionEvent, BotConfig, CommandClause, DeferredWrite, PlanReadOptions, QueuedAction, Segment, Sql } from 'switchboard';

/** Normalised slots of a planned action (every field optional; each intent reads its own). */
export interface CrmSlots {
  nome?: string;
  empresa?: string;
  telefone?: string;
  email?: string;
  origem?: string;
  texto?: string;
  titulo?: string;
  prazo?: string; // ISO instant
  /** Explicit lead reference (id or name), or the id update_context injected. */
  lead_ref_ou_id?: string;
  /** A name mentioned in passing ("ligar pro Lennon"): used when it matches a lead, ignored otherwise. */
  lead_mencionado?: string;
  /** The clause points at the current lead with a pronoun ("as tarefas dele"): listings filter by lead_atual. */
  usar_lead_atual?: boolean;
  tarefa_ref?: string;
  proposta_ref?: string;
  descricao?: string;
  quantidade?: number;
  preco?: number;
  desconto?: number;
  desconto_percentual?: number;
  filtro?: 'pendentes' | 'concluidas' | 'todas';
}

/** A planned action (an intent of bot.yaml) with the CRM's slots. */
export interface PlanAction extends QueuedAction {
  slots: CrmSlots;
}

/** What the conversation remembers between turns (bot.yaml `actions.remember`). */
export interface CrmMemory {
  lead_atual?: { id: string; nome: string };
  proposta_atual?: { id: string; titulo: string };
  ultima_tarefa?: { id: string; titulo: string };
  [key: string]: unknown;
}

export type Clock = Omit<PlanReadOptions, 'lang'>;

export type CrmPlanner = (text: string, memory: CrmMemory) => Promise<unknown>;

export interface CrmTurnInput {
  text: string;
  now: Date;
  /** The bot.yaml: its `actions`, replies, language and time zone. */
  bot: BotConfig;
  sql: Sql;
  /** Scope of the CRM rows (the engine passes the session id or the user id). */
  workspace: string;
  memory: CrmMemory;
  planner?: CrmPlanner;
  /** The message's requests, read by the runtime (the local plan, and what a planner reply must cover). */
  commands: () => CommandClause[];
  emit?: (event: ActionEvent) => void;
  /** The message's yes or no, if it says one (the answer to "quer que eu crie?"). */
  answer?: () => boolean | undefined;
}

export interface CrmTurnResult {
  reply: string;
  segments: Segment[];
  memory: CrmMemory;
  actions: PlanAction[];
  replanned: boolean;
  writes: DeferredWrite[];
}

/** What planning reads and fills: the message, its clock and requests, and the queue it plans. */
export interface CrmContext {
  text: string;
  clock: Clock;
  pending_actions: PlanAction[];
  commands: () => CommandClause[];
}
