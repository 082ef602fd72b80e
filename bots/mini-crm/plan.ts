// Planner output → a clean action queue: parse the raw reply (JSON, fenced JSON, Python-ish),
// map intent and slot names, normalise slot values, drop duplicates, and fall back to the local
// plan when the planner's answer is unusable. Never throws.
import { deadlineFrom, parseObjectLoose, tryParseJsonLoose, tryParseLiteral } from 'switchboard';
import { localPlan } from './local-plan.ts';
import { cleanFragment, fold, leadRefs, parseNumberPt } from './text.ts';
import type { Clock, CrmContext, CrmIntent, CrmSlots, PlanAction } from './types.ts';
import { CRM_INTENTS } from './types.ts';

const INTENT_ALIASES: Record<string, CrmIntent> = {
  criar_lead: 'lead_criar', create_lead: 'lead_criar', cadastrar_lead: 'lead_criar', novo_lead: 'lead_criar',
  listar_leads: 'lead_listar', list_leads: 'lead_listar', lead_list: 'lead_listar',
  buscar_lead: 'lead_buscar', find_lead: 'lead_buscar', lead_find: 'lead_buscar', lead_encontrar: 'lead_buscar',
  adicionar_nota: 'nota_adicionar', add_note: 'nota_adicionar', nota_criar: 'nota_adicionar', criar_nota: 'nota_adicionar',
  listar_notas: 'nota_listar', list_notes: 'nota_listar',
  criar_tarefa: 'tarefa_criar', create_task: 'tarefa_criar', tarefa_adicionar: 'tarefa_criar',
  listar_tarefas: 'tarefa_listar', list_tasks: 'tarefa_listar',
  concluir_tarefa: 'tarefa_concluir', complete_task: 'tarefa_concluir',
  rascunhar_proposta: 'proposta_rascunhar', draft_proposal: 'proposta_rascunhar', proposta_criar: 'proposta_rascunhar', criar_proposta: 'proposta_rascunhar',
  adicionar_item: 'proposta_item_adicionar', add_proposal_item: 'proposta_item_adicionar', proposta_adicionar_item: 'proposta_item_adicionar', item_adicionar: 'proposta_item_adicionar',
  recalcular_proposta: 'proposta_recalcular', recalculate_proposal: 'proposta_recalcular', proposta_recalcular_totais: 'proposta_recalcular',
  help: 'ajuda', general: 'ajuda', fallback: 'ajuda',
};

/** A planner's intent name → ours, or null when unknown. */
export function normalizeIntent(raw: unknown): CrmIntent | null {
  if (typeof raw !== 'string') return null;
  const key = fold(raw).trim().replace(/[\s-]+/g, '_');
  if ((CRM_INTENTS as readonly string[]).includes(key)) return key as CrmIntent;
  return INTENT_ALIASES[key] ?? null;
}

// Slot names a planner may use → ours. Some depend on the intent ("nome" of a task is its title).
const SLOT_ALIASES: Record<string, keyof CrmSlots> = {
  name: 'nome', lead_name: 'nome', full_name: 'nome',
  company: 'empresa', empresa_nome: 'empresa', organizacao: 'empresa', organization: 'empresa',
  phone: 'telefone', tel: 'telefone', celular: 'telefone', whatsapp: 'telefone', fone: 'telefone', phone_number: 'telefone',
  e_mail: 'email', mail: 'email',
  source: 'origem', canal: 'origem', fonte: 'origem',
  text: 'texto', note: 'texto', conteudo: 'texto', content: 'texto', nota_texto: 'texto', body: 'texto',
  title: 'titulo', nome_tarefa: 'titulo', titulo_tarefa: 'titulo', titulo_proposta: 'titulo',
  due: 'prazo', due_date: 'prazo', deadline: 'prazo', data: 'prazo', quando: 'prazo', data_hora: 'prazo', datetime: 'prazo', vencimento: 'prazo', when: 'prazo', date: 'prazo',
  lead: 'lead_ref_ou_id', lead_id: 'lead_ref_ou_id', lead_ref: 'lead_ref_ou_id', lead_ref_id: 'lead_ref_ou_id', lead_atual: 'lead_ref_ou_id', lead_nome: 'lead_ref_ou_id', cliente: 'lead_ref_ou_id', contato: 'lead_ref_ou_id',
  tarefa: 'tarefa_ref', tarefa_id: 'tarefa_ref', task: 'tarefa_ref', task_id: 'tarefa_ref',
  proposta: 'proposta_ref', proposta_id: 'proposta_ref', proposal: 'proposta_ref', proposal_id: 'proposta_ref',
  description: 'descricao', item: 'descricao', produto: 'descricao', servico: 'descricao', item_descricao: 'descricao',
  qtd: 'quantidade', quantity: 'quantidade', qty: 'quantidade', qtde: 'quantidade',
  preco_unitario: 'preco', price: 'preco', unit_price: 'preco', valor: 'preco', valor_unitario: 'preco',
  discount: 'desconto', desconto_valor: 'desconto',
  discount_percent: 'desconto_percentual', percentual: 'desconto_percentual', desconto_pct: 'desconto_percentual',
  status: 'filtro', filter: 'filtro',
};

function slotName(intent: CrmIntent, key: string): keyof CrmSlots | null {
  const k = fold(key).trim().replace(/[\s-]+/g, '_');
  if (intent !== 'lead_criar' && (k === 'nome' || k === 'name')) {
    if (intent === 'tarefa_criar' || intent === 'proposta_rascunhar') return 'titulo';
    if (intent === 'tarefa_concluir') return 'tarefa_ref';
    if (intent === 'proposta_item_adicionar') return 'descricao';
    return 'lead_ref_ou_id';
  }
  if (intent === 'tarefa_concluir' && k === 'titulo') return 'tarefa_ref';
  if ((intent === 'proposta_item_adicionar' || intent === 'proposta_recalcular') && k === 'titulo') return 'proposta_ref';
  if (intent === 'nota_adicionar' && (k === 'nota' || k === 'descricao')) return 'texto';
  if (intent === 'lead_criar' && k === 'lead_nome') return 'nome';
  const known: (keyof CrmSlots)[] = [
    'nome', 'empresa', 'telefone', 'email', 'origem', 'texto', 'titulo', 'prazo', 'lead_ref_ou_id', 'lead_mencionado',
    'tarefa_ref', 'proposta_ref', 'descricao', 'quantidade', 'preco', 'desconto', 'desconto_percentual', 'filtro', 'usar_lead_atual',
  ];
  if ((known as string[]).includes(k)) return k as keyof CrmSlots;
  return SLOT_ALIASES[k] ?? null;
}

const EMPTY = new Set(['', 'none', 'null', 'undefined', 'n/a', 'na', '-', 'nenhum', 'nenhuma']);

/** A reference value: a string, or an object such as {'nome': 'Lennon', 'id': UUID('…')} (id wins). */
function refValue(v: unknown): string | undefined {
  if (typeof v === 'string') {
    const o = /^[[{(]/.test(v.trim()) ? parseObjectLoose(v) : null;
    if (o) return refValue(o);
    const lit = /^\w+\(/.test(v.trim()) ? tryParseLiteral(v.trim()) : undefined; // UUID('…')
    const s = cleanFragment(typeof lit === 'string' ? lit : v);
    return EMPTY.has(fold(s)) ? undefined : s;
  }
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    for (const k of ['id', 'lead_id', 'tarefa_id', 'proposta_id', 'uuid']) if (o[k] != null) return refValue(o[k]);
    for (const k of ['nome', 'name', 'titulo', 'title']) if (o[k] != null) return refValue(o[k]);
  }
  return undefined;
}

function textValue(v: unknown): string | undefined {
  if (v === null || v === undefined || typeof v === 'object') return undefined;
  const s = cleanFragment(String(v));
  return EMPTY.has(fold(s)) ? undefined : s;
}

function numberValue(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string') return parseNumberPt(v) ?? undefined;
  return undefined;
}

/** Raw slots (object, JSON/Python-ish string, or a list of those) → normalised CrmSlots. */
export function normalizeSlots(intent: CrmIntent, raw: unknown, clock: Clock): CrmSlots {
  const obj = parseObjectLoose(raw) ?? {};
  const out: CrmSlots = {};
  for (const [key, value] of Object.entries(obj)) {
    const name = slotName(intent, key);
    if (!name || value === null || value === undefined) continue;
    switch (name) {
      case 'lead_ref_ou_id':
      case 'lead_mencionado':
      case 'tarefa_ref':
      case 'proposta_ref': {
        const r = refValue(value);
        // "ele", "esse lead": the current lead, which the turn fills in when no lead is given.
        if (r && !(name.startsWith('lead_') && leadRefs.isOnly(r))) out[name] = r;
        // {'nome': 'Lennon', 'id': UUID('…')}: keep the name too, in case the id is unknown here.
        const o = name === 'lead_ref_ou_id' ? parseObjectLoose(value) : null;
        const nome = o ? refValue(o.nome ?? o.name) : undefined;
        if (nome && nome !== r) out.lead_mencionado = nome;
        break;
      }
      case 'prazo': {
        const d = deadlineFrom(value, { lang: 'pt', ...clock });
        if (d) out.prazo = d.toISOString();
        break;
      }
      case 'quantidade':
      case 'preco':
      case 'desconto':
      case 'desconto_percentual': {
        const n = numberValue(value);
        if (n !== undefined) out[name] = n;
        break;
      }
      case 'filtro': {
        const f = fold(String(value));
        out.filtro = /conclu|feit|done/.test(f) ? 'concluidas' : /tod|all/.test(f) ? 'todas' : 'pendentes';
        break;
      }
      case 'usar_lead_atual':
        out.usar_lead_atual = value === true || /^(?:true|sim|yes|1)$/i.test(String(value));
        break;
      default: {
        const t = textValue(value);
        if (t) out[name] = t;
      }
    }
  }
  return out;
}

function sortedJson(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(typeof v === 'string' ? fold(v).replace(/\s+/g, ' ').trim() : v);
}

/** Identity of an action for de-duplication: intent + normalised slots (case/accent-insensitive). */
export function actionKey(action: PlanAction, options: { ignoreLead?: boolean } = {}): string {
  const slots: Record<string, unknown> = { ...action.slots };
  if (options.ignoreLead) {
    delete slots.lead_ref_ou_id;
    delete slots.lead_mencionado;
  }
  return `${action.intent}|${sortedJson(slots)}`;
}

export function dedupeActions(actions: PlanAction[]): PlanAction[] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const k = actionKey(a);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Help stands alone: drop it when there is anything else to do. */
function applyExclusive(actions: PlanAction[]): PlanAction[] {
  const real = actions.filter((a) => a.intent !== 'ajuda');
  return real.length ? real : actions.slice(0, 1);
}

export interface NormalizedPlan {
  actions: PlanAction[];
  /** false when the raw output could not be used at all (not JSON, no actions list, nothing known). */
  usable: boolean;
  problems: string[];
}

/** The actions list inside a planner reply, in whatever shape it came. */
function rawActions(raw: unknown): unknown[] | null {
  let value = raw;
  if (typeof value === 'string') value = tryParseJsonLoose(value);
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['actions', 'acoes', 'ações', 'plan', 'intents']) {
      const v = o[k];
      if (Array.isArray(v)) return v;
      if (typeof v === 'string') return rawActions(v);
    }
    if ('intent' in o) return [o];
  }
  return null;
}

/** Parse and normalise a planner reply. Unknown intents are dropped and reported. */
export function normalizePlan(raw: unknown, clock: Clock): NormalizedPlan {
  const problems: string[] = [];
  const list = rawActions(raw);
  if (!list) return { actions: [], usable: false, problems: ['planner output has no actions list'] };
  const actions: PlanAction[] = [];
  for (const item of list) {
    const o = parseObjectLoose(item);
    if (!o) {
      problems.push(`not an action: ${String(item).slice(0, 60)}`);
      continue;
    }
    const intent = normalizeIntent(o.intent ?? o.intencao ?? o.name ?? o.tool);
    if (!intent) {
      problems.push(`unknown intent: ${String(o.intent ?? o.name ?? '?')}`);
      continue;
    }
    actions.push({ intent, slots: normalizeSlots(intent, o.slots ?? o.args ?? o.parametros ?? o.params ?? {}, clock) });
  }
  const usable = actions.length > 0 || (list.length === 0 && problems.length === 0);
  return { actions: applyExclusive(dedupeActions(actions)), usable, problems };
}

/**
 * prepare_plan: normalise the planner reply into ctx.pending_actions. An unusable reply
 * (malformed, no actions list, only unknown intents) falls back to the local plan.
 * Returns where the plan came from.
 */
export function prepare_plan(ctx: CrmContext, raw: unknown): 'planner' | 'local' {
  const plan = normalizePlan(raw, ctx.clock);
  if (plan.usable) {
    ctx.pending_actions = plan.actions;
    return 'planner';
  }
  ctx.pending_actions = buildLocalPlan(ctx);
  return 'local';
}

export function buildLocalPlan(ctx: Pick<CrmContext, 'clock' | 'commands'>): PlanAction[] {
  return applyExclusive(dedupeActions(localPlan(ctx.commands(), ctx.clock)));
}
