// Shapes shared by the mini-CRM modules: intents, planned actions and their slots, memory, the turn.
import type { ActionEvent, BotConfig, Entity, Segment, Sql } from 'switchboard';

export const CRM_INTENTS = [
  'lead_criar',
  'lead_listar',
  'lead_buscar',
  'nota_adicionar',
  'nota_listar',
  'tarefa_criar',
  'tarefa_listar',
  'tarefa_concluir',
  'proposta_rascunhar',
  'proposta_item_adicionar',
  'proposta_recalcular',
  'ajuda',
] as const;
export type CrmIntent = (typeof CRM_INTENTS)[number];

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

export interface PlanAction {
  intent: CrmIntent;
  slots: CrmSlots;
}

/** What the conversation remembers between turns (bot.yaml `actions.remember`). */
export interface CrmMemory {
  lead_atual?: { id: string; nome: string };
  proposta_atual?: { id: string; titulo: string };
  ultima_tarefa?: { id: string; titulo: string };
  [key: string]: unknown;
}

export interface Clock {
  now: Date;
  timeZone: string;
}

export type CrmWrite = (tx: Sql) => Promise<void>;

export type CrmPlanner = (text: string, memory: CrmMemory) => Promise<unknown>;
/** One request of the message as the runtime reads it without a model (ctx.commands()). */
export interface CrmClause {
  intent: string;
  text: string;
  /** The clause after its command's opening: a note's text, a task's title. */
  rest: string;
  /** The clause's own entities (e-mail, phone…). */
  entities: Entity[];
  /** Its intent's slots, read by the runtime as bot.yaml declares them. */
  slots?: Record<string, string | number | boolean>;
}

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
  commands: () => CrmClause[];
  emit?: (event: ActionEvent) => void;
}

export interface CrmTurnResult {
  reply: string;
  segments: Segment[];
  memory: CrmMemory;
  actions: PlanAction[];
  replanned: boolean;
  writes: CrmWrite[];
}

/** What planning reads and fills: the message, its clock and requests, and the queue it plans. */
export interface CrmContext {
  text: string;
  clock: Clock;
  pending_actions: PlanAction[];
  commands: () => CrmClause[];
}
