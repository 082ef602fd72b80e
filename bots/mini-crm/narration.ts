// Narration: every action leaves a short segment, its sentence a bot.yaml reply template; respond_final turns
// the turn's segments into one reply (done actions under `acoes_realizadas`, failures under `ocorreram_falhas`).
import { fillTemplate, formatDateTime } from 'switchboard';
import { formatMoney, formatQuantity } from './text.ts';
import type { Segment } from './types.ts';

type Replies = Record<string, string>;

/** push_ai_response: record one segment (with its data, e.g. ids) in the context. */
export function push_ai_response(ctx: { ai_responses: Segment[] }, intent: string, text: string, ok = true, data?: unknown): Segment {
  const segment: Segment = data === undefined ? { intent, text, ok } : { intent, text, ok, data };
  ctx.ai_responses.push(segment);
  return segment;
}

/** respond_final: one segment → its text as is; several → a list per heading (both sections when mixed). */
export function respond_final(ctx: { ai_responses: Segment[]; replies: Replies }): string {
  const segments = ctx.ai_responses;
  if (segments.length <= 1) return segments[0]?.text ?? '';
  const section = (heading: string, list: Segment[]) => (list.length ? [[ctx.replies[heading], ...list.map((s) => `- ${s.text}`)].join('\n')] : []);
  return [...section('acoes_realizadas', segments.filter((s) => s.ok)), ...section('ocorreram_falhas', segments.filter((s) => !s.ok))].join('\n\n');
}

/** The segment sentences, filled from the bot's reply templates. */
export function narrator(replies: Replies) {
  const say = (key: string, vars: Record<string, string | number> = {}) => fillTemplate(replies[key] ?? key, vars);
  const showDeadline = (prazo: Date | null, timeZone: string) => (prazo ? formatDateTime(prazo, timeZone) : say('sem_prazo'));
  return {
    leadCreated: (nome: string, id: string) => say('lead_criado', { nome, id }),
    noteAdded: (texto: string) => say('nota_registrada', { texto }),
    taskCreated: (titulo: string, id: string, prazo: Date | null, timeZone: string) => say('tarefa_criada', { titulo, id, prazo: showDeadline(prazo, timeZone) }),
    proposalDrafted: (titulo: string, id: string) => say('proposta_rascunhada', { titulo, id }),
    itemAdded: (proposta: string, descricao: string, quantidade: number, preco: number, total: number) =>
      say('item_adicionado', { proposta, descricao, quantidade: formatQuantity(quantidade), preco: formatMoney(preco), total: formatMoney(total) }),
    totalsRecalculated: (proposta: string, subtotal: number, desconto: number, total: number) =>
      say('totais_recalculados', { proposta, subtotal: formatMoney(subtotal), desconto: formatMoney(desconto), total: formatMoney(total) }),
    leadFound: (l: { nome: string; id: string; empresa?: string | null; telefone?: string | null; email?: string | null }) => {
      const dados = [l.empresa, l.telefone && `tel: ${l.telefone}`, l.email].filter(Boolean).join(', ');
      return say(dados ? 'lead_encontrado_com_dados' : 'lead_encontrado', { nome: l.nome, id: l.id, dados });
    },
    leadList: (leads: { nome: string; empresa?: string | null }[]) =>
      leads.length ? say('leads_listados', { n: leads.length, leads: leads.map((l) => (l.empresa ? `${l.nome} (${l.empresa})` : l.nome)).join('; ') }) : say('nenhum_lead'),
    noteList: (lead: string | null, notes: { texto: string }[]) => {
      const key = notes.length ? (lead ? 'notas_do_lead' : 'notas_listadas') : lead ? 'nenhuma_nota_do_lead' : 'nenhuma_nota';
      return say(key, { lead: lead ?? '', n: notes.length, notas: notes.map((n) => `'${n.texto}'`).join('; ') });
    },
    taskList: (filtro: string, tasks: { titulo: string; prazo: Date | null; concluida: boolean }[], timeZone: string) => {
      const which = filtro === 'concluidas' || filtro === 'todas' ? filtro : 'pendentes';
      const items = tasks.map((t) => `${t.titulo}${t.prazo ? ` (prazo: ${formatDateTime(t.prazo, timeZone)})` : ''}${which === 'todas' && t.concluida ? ' [concluída]' : ''}`);
      return tasks.length ? say(`tarefas_${which}`, { n: tasks.length, tarefas: items.join('; ') }) : say(`nenhuma_tarefa_${which === 'concluidas' ? 'concluida' : which === 'todas' ? 'todas' : 'pendente'}`);
    },
    taskCompleted: (titulo: string, id: string) => say('tarefa_concluida', { titulo, id }),
    /** "<what could not be done>: <why>"; `falha_<intent>` names it, else `falha_generica`. */
    failure: (intent: string, reason: string) => `${replies[`falha_${intent}`] ?? replies.falha_generica}: ${reason}`,
  };
}

export type Narrator = ReturnType<typeof narrator>;
