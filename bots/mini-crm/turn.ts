// One CRM turn: plan (LLM planner or local rules) → run the action queue (tools write into the
// in-turn overlay and queue their writes) → update_context after every action → at most one
// re-plan when the queue runs dry while the message still asks for more → one narrated reply.
import { injectLead, update_context } from './context.ts';
import { narrator, push_ai_response, respond_final } from './narration.ts';
import { buildLocalPlan, normalizePlan, prepare_plan } from './plan.ts';
import { CrmStore } from './store.ts';
import { leadRefs } from './text.ts';
import { createCrmTools, type CrmTools } from './tools.ts';
import type { CrmContext, CrmIntent, CrmMemory, CrmTurnInput, CrmTurnResult, PlanAction, ToolMessage } from './types.ts';

/** Upper bound on actions run in one turn (a runaway planner cannot loop the tools). */
export const MAX_ACTIONS_PER_TURN = 20;

export function createContext(input: Pick<CrmTurnInput, 'text' | 'now' | 'timeZone' | 'memory' | 'commands' | 'replies'>): CrmContext {
  return {
    text: input.text,
    clock: { now: input.now, timeZone: input.timeZone },
    pending_actions: [],
    executed: [],
    ai_responses: [],
    tool_messages: [],
    lead_atual: input.memory.lead_atual,
    proposta_atual: input.memory.proposta_atual,
    ultima_tarefa: input.memory.ultima_tarefa,
    replanned: false,
    injected: new WeakSet(),
    commands: input.commands,
    replies: input.replies,
    say: narrator(input.replies),
  };
}

function memoryOf(ctx: CrmContext, base: CrmMemory): CrmMemory {
  const out: CrmMemory = { ...base };
  if (ctx.lead_atual) out.lead_atual = ctx.lead_atual;
  if (ctx.proposta_atual) out.proposta_atual = ctx.proposta_atual;
  if (ctx.ultima_tarefa) out.ultima_tarefa = ctx.ultima_tarefa;
  return out;
}

function errorReason(msg: ToolMessage): string {
  const d = msg.data as { error?: string } | undefined;
  return d?.error ?? msg.content.replace(/^Erro:\s*/, '');
}

/** Run one action: call its tool(s); notes, tasks and listings narrate here, the rest in update_context. */
async function runAction(
  ctx: CrmContext,
  tools: CrmTools,
  store: CrmStore,
  action: PlanAction,
): Promise<ToolMessage[]> {
  const { say } = ctx;
  const s = action.slots;
  const { intent } = action;
  const tz = ctx.clock.timeZone;
  const fail = (msg: ToolMessage) => push_ai_response(ctx, intent, say.failure(intent, errorReason(msg)), false, msg.data);
  /** Explicit reference, else a mentioned name that matches a lead, else the current lead. */
  const leadRef = async (): Promise<string | undefined> => {
    if (s.lead_ref_ou_id && !leadRefs.isOnly(s.lead_ref_ou_id)) {
      // A planner may send {'nome', 'id'} with an id we do not know: the name still finds the lead.
      if (s.lead_mencionado && !ctx.injected.has(action) && !(await store.findLead(s.lead_ref_ou_id))) {
        const byName = await store.findLead(s.lead_mencionado);
        if (byName) return byName.id;
      }
      return s.lead_ref_ou_id;
    }
    if (s.lead_mencionado) {
      const lead = await store.findLead(s.lead_mencionado);
      if (lead) return lead.id;
    }
    return ctx.lead_atual?.id;
  };
  const data = (msg: ToolMessage) => (msg.data ?? {}) as Record<string, any>;

  let msg: ToolMessage;
  switch (intent) {
    case 'lead_criar':
      msg = await tools.create_lead({ nome: s.nome, empresa: s.empresa, telefone: s.telefone, email: s.email, origem: s.origem });
      if (msg.status === 'error') fail(msg);
      return [msg];
    case 'nota_adicionar':
      msg = await tools.add_note({ lead_ref_ou_id: await leadRef(), texto: s.texto });
      if (msg.status === 'error') fail(msg);
      else push_ai_response(ctx, intent, say.noteAdded(data(msg).texto), true, msg.data);
      return [msg];
    case 'tarefa_criar': {
      msg = await tools.create_task({ titulo: s.titulo, prazo: s.prazo, lead_ref_ou_id: await leadRef() });
      if (msg.status === 'error') fail(msg);
      else {
        const d = data(msg);
        push_ai_response(ctx, intent, say.taskCreated(d.titulo, d.tarefa_id, d.prazo ? new Date(d.prazo) : null, tz), true, msg.data);
      }
      return [msg];
    }
    case 'proposta_rascunhar':
      msg = await tools.draft_proposal({ titulo: s.titulo, lead_ref_ou_id: await leadRef() });
      if (msg.status === 'error') fail(msg);
      return [msg];
    case 'lead_listar':
      msg = await tools.list_leads();
      if (msg.status === 'error') fail(msg);
      else push_ai_response(ctx, intent, say.leadList(data(msg).leads), true, msg.data);
      return [msg];
    case 'lead_buscar':
      msg = await tools.find_lead({ ref: (leadRefs.isOnly(s.lead_ref_ou_id) ? undefined : s.lead_ref_ou_id) ?? s.lead_mencionado ?? s.nome ?? ctx.lead_atual?.id });
      if (msg.status === 'error') fail(msg);
      else {
        const d = data(msg);
        push_ai_response(ctx, intent, say.leadFound({ ...d, id: d.lead_id } as any), true, msg.data);
      }
      return [msg];
    case 'nota_listar':
      msg = await tools.list_notes({ lead_ref_ou_id: await leadRef() });
      if (msg.status === 'error') fail(msg);
      else push_ai_response(ctx, intent, say.noteList(data(msg).lead_nome, data(msg).notas), true, msg.data);
      return [msg];
    case 'tarefa_listar': {
      // Every task unless the user names a lead (or points at the current one: "as tarefas dele").
      let lead = s.lead_ref_ou_id && !leadRefs.isOnly(s.lead_ref_ou_id) ? s.lead_ref_ou_id : undefined;
      if (!lead && s.lead_mencionado) lead = (await store.findLead(s.lead_mencionado))?.id;
      if (!lead && (s.usar_lead_atual || leadRefs.isOnly(s.lead_ref_ou_id))) lead = ctx.lead_atual?.id;
      msg = await tools.list_tasks({ filtro: s.filtro, lead_ref_ou_id: lead });
      if (msg.status === 'error') fail(msg);
      else {
        const d = data(msg);
        const tasks = (d.tarefas as any[]).map((t) => ({ ...t, prazo: t.prazo ? new Date(t.prazo) : null }));
        push_ai_response(ctx, intent, say.taskList(d.filtro, tasks, tz), true, msg.data);
      }
      return [msg];
    }
    case 'tarefa_concluir': {
      // "a tarefa de ligar pra ela": the pronoun is the current lead, whose name the stored title carries.
      const ref = s.tarefa_ref && ctx.lead_atual ? leadRefs.name(s.tarefa_ref, ctx.lead_atual.nome) : s.tarefa_ref;
      msg = await tools.complete_task({ ref: ref ?? ctx.ultima_tarefa?.id });
      if (msg.status === 'error') fail(msg);
      else push_ai_response(ctx, intent, say.taskCompleted(data(msg).titulo, data(msg).tarefa_id), true, msg.data);
      return [msg];
    }
    case 'proposta_item_adicionar':
      msg = await tools.add_proposal_item({ proposta_ref: s.proposta_ref ?? ctx.proposta_atual?.id, descricao: s.descricao, quantidade: s.quantidade, preco: s.preco });
      if (msg.status === 'error') fail(msg);
      return [msg];
    case 'proposta_recalcular':
      msg = await tools.recalculate_proposal({ proposta_ref: s.proposta_ref ?? ctx.proposta_atual?.id, desconto: s.desconto, desconto_percentual: s.desconto_percentual });
      if (msg.status === 'error') fail(msg);
      return [msg];
    case 'ajuda':
      push_ai_response(ctx, intent, ctx.replies.ajuda);
      return [];
  }
}

/** Local actions not yet covered by `done`, counted per intent (help never counts). */
export function uncoveredActions(wanted: PlanAction[], done: PlanAction[]): PlanAction[] {
  const budget = new Map<CrmIntent, number>();
  for (const a of done) budget.set(a.intent, (budget.get(a.intent) ?? 0) + 1);
  const out: PlanAction[] = [];
  for (const a of wanted) {
    if (a.intent === 'ajuda') continue;
    const left = budget.get(a.intent) ?? 0;
    if (left > 0) budget.set(a.intent, left - 1);
    else out.push(a);
  }
  return out;
}

/** Keep only planner actions whose intent is still missing (never a second copy of a done action). */
function limitToMissing(actions: PlanAction[], missing: PlanAction[]): PlanAction[] {
  const budget = new Map<CrmIntent, number>();
  for (const a of missing) budget.set(a.intent, (budget.get(a.intent) ?? 0) + 1);
  return actions.filter((a) => {
    const left = budget.get(a.intent) ?? 0;
    if (left <= 0) return false;
    budget.set(a.intent, left - 1);
    return true;
  });
}

/** The whole turn. Reads go to input.sql; nothing is written until the engine runs `writes`. */
export async function runCrmTurn(input: CrmTurnInput): Promise<CrmTurnResult> {
  const ctx = createContext(input);
  const store = new CrmStore(input.sql, input.workspace, input.now);
  const tools = createCrmTools(store, input.emit);
  let local: PlanAction[] | null = null;
  const localActions = () => (local ??= buildLocalPlan(ctx));
  const cloneActions = (actions: PlanAction[]) => actions.map((a) => ({ intent: a.intent, slots: { ...a.slots } }));

  if (input.planner) {
    let raw: unknown;
    try {
      raw = await input.planner(input.text, memoryOf(ctx, input.memory));
    } catch {
      raw = undefined; // a failing planner falls back to local understanding
    }
    prepare_plan(ctx, raw);
  } else {
    ctx.pending_actions = cloneActions(localActions());
  }

  for (;;) {
    while (ctx.pending_actions.length && ctx.executed.length < MAX_ACTIONS_PER_TURN) {
      const action = ctx.pending_actions.shift()!;
      ctx.executed.push(action);
      let messages: ToolMessage[] = [];
      try {
        messages = await runAction(ctx, tools, store, action);
      } catch (err) {
        const reason = `erro inesperado (${err instanceof Error ? err.message : String(err)})`;
        push_ai_response(ctx, action.intent, ctx.say.failure(action.intent, reason), false);
      }
      update_context(ctx, messages);
    }
    if (ctx.replanned || ctx.pending_actions.length || ctx.executed.length >= MAX_ACTIONS_PER_TURN) break;
    const missing = uncoveredActions(localActions(), ctx.executed);
    if (!missing.length) break;
    // The queue is empty but the message still asks for more: re-plan once.
    ctx.replanned = true;
    let next: PlanAction[] = [];
    if (input.planner) {
      try {
        next = limitToMissing(normalizePlan(await input.planner(input.text, memoryOf(ctx, input.memory)), ctx.clock).actions, missing);
      } catch {
        next = [];
      }
    }
    next.push(...cloneActions(uncoveredActions(missing, next)));
    ctx.pending_actions = next;
    if (ctx.lead_atual) injectLead(ctx, ctx.lead_atual);
  }

  if (ctx.ai_responses.length === 0) push_ai_response(ctx, 'ajuda', ctx.replies.ajuda);
  return {
    reply: respond_final(ctx),
    segments: ctx.ai_responses,
    memory: memoryOf(ctx, input.memory),
    actions: ctx.executed,
    replanned: ctx.replanned,
    writes: store.writes,
  };
}
