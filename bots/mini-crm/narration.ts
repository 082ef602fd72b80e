// Narration: every action leaves a short deterministic segment; respond_final turns the turn's
// segments into one reply ("Ações realizadas: …" / "Ocorreram falhas: …").
import { formatDateTime } from './dates.ts';
import { formatMoney, formatQuantity } from './text.ts';
import type { Segment } from './types.ts';

/** push_ai_response: record one segment (with its data, e.g. ids) in the context. */
export function push_ai_response(ctx: { ai_responses: Segment[] }, intent: string, text: string, ok = true, data?: unknown): Segment {
  const segment: Segment = data === undefined ? { intent, text, ok } : { intent, text, ok, data };
  ctx.ai_responses.push(segment);
  return segment;
}

export const REPLY_HEADINGS = { done: 'Ações realizadas:', failed: 'Ocorreram falhas:' };

/**
 * respond_final: one segment → its text as is; several → a list under
 * "Ações realizadas:", failures under "Ocorreram falhas:" (both sections when mixed).
 */
export function respond_final(ctx: { ai_responses: Segment[] }): string {
  const segments = ctx.ai_responses;
  if (segments.length === 0) return '';
  if (segments.length === 1) return segments[0].text;
  const done = segments.filter((s) => s.ok);
  const failed = segments.filter((s) => !s.ok);
  const sections: string[] = [];
  if (done.length) sections.push([REPLY_HEADINGS.done, ...done.map((s) => `- ${s.text}`)].join('\n'));
  if (failed.length) sections.push([REPLY_HEADINGS.failed, ...failed.map((s) => `- ${s.text}`)].join('\n'));
  return sections.join('\n\n');
}

export const HELP_TEXT = [
  'Sou o assistente do seu mini-CRM. Posso:',
  '- cadastrar leads (nome, empresa, telefone, e-mail, origem), buscar e listar leads;',
  '- registrar e listar notas de um lead;',
  '- criar tarefas com prazo ("amanhã às 10h", "sexta às 10h", "dia 15"), listar e concluir tarefas;',
  '- rascunhar propostas, adicionar itens e recalcular os totais.',
  'Pode pedir várias coisas de uma vez, separando com ";". Ex.: "Cadastre o Lennon da Acme; crie tarefa ligar pra ele amanhã às 10h".',
].join('\n');

// ------------------------------------------------------------ segment texts (seed formats first)

export const say = {
  leadCreated: (nome: string, id: string) => `Lead criado: ${nome} (id: ${id})`,
  noteAdded: (texto: string) => `Nota registrada: '${texto}'`,
  taskCreated: (titulo: string, id: string, prazo: Date | null, timeZone: string) =>
    `Tarefa criada: ${titulo} (id: ${id}, prazo: ${prazo ? formatDateTime(prazo, timeZone) : 'sem prazo'})`,
  proposalDrafted: (titulo: string, id: string) => `Proposta rascunhada: ${titulo} (id: ${id})`,
  itemAdded: (proposta: string, descricao: string, quantidade: number, preco: number, total: number) =>
    `Item adicionado à proposta ${proposta}: ${formatQuantity(quantidade)}x ${descricao} a ${formatMoney(preco)} (total do item: ${formatMoney(total)})`,
  totalsRecalculated: (proposta: string, subtotal: number, desconto: number, total: number) =>
    `Totais recalculados da proposta ${proposta}: subtotal ${formatMoney(subtotal)}, desconto ${formatMoney(desconto)}, total ${formatMoney(total)}`,
  leadFound: (l: { nome: string; id: string; empresa?: string | null; telefone?: string | null; email?: string | null }) => {
    const details = [l.empresa, l.telefone && `tel: ${l.telefone}`, l.email].filter(Boolean).join(', ');
    return `Lead encontrado: ${l.nome}${details ? ` (${details})` : ''} (id: ${l.id})`;
  },
  leadList: (leads: { nome: string; empresa?: string | null }[]) =>
    leads.length
      ? `Leads (${leads.length}): ${leads.map((l) => (l.empresa ? `${l.nome} (${l.empresa})` : l.nome)).join('; ')}`
      : 'Nenhum lead cadastrado ainda.',
  noteList: (leadNome: string | null, notes: { texto: string }[]) => {
    const whose = leadNome ? ` de ${leadNome}` : '';
    return notes.length ? `Notas${whose} (${notes.length}): ${notes.map((n) => `'${n.texto}'`).join('; ')}` : `Nenhuma nota${whose}.`;
  },
  taskList: (filtro: string, tasks: { titulo: string; prazo: Date | null; concluida: boolean }[], timeZone: string) => {
    const label = filtro === 'concluidas' ? 'concluídas' : filtro === 'todas' ? '' : 'pendentes';
    if (!tasks.length) return filtro === 'concluidas' ? 'Nenhuma tarefa concluída.' : filtro === 'todas' ? 'Nenhuma tarefa.' : 'Nenhuma tarefa pendente.';
    const items = tasks.map((t) => `${t.titulo}${t.prazo ? ` (prazo: ${formatDateTime(t.prazo, timeZone)})` : ''}${filtro === 'todas' && t.concluida ? ' [concluída]' : ''}`);
    return `Tarefas${label ? ` ${label}` : ''} (${tasks.length}): ${items.join('; ')}`;
  },
  taskCompleted: (titulo: string, id: string) => `Tarefa concluída: ${titulo} (id: ${id})`,
};

/** Failure texts: "<what could not be done>: <why>". */
export const FAILURE_LABEL: Record<string, string> = {
  lead_criar: 'Não consegui cadastrar o lead',
  lead_listar: 'Não consegui listar os leads',
  lead_buscar: 'Não encontrei o lead',
  nota_adicionar: 'Não consegui registrar a nota',
  nota_listar: 'Não consegui listar as notas',
  tarefa_criar: 'Não consegui criar a tarefa',
  tarefa_listar: 'Não consegui listar as tarefas',
  tarefa_concluir: 'Não consegui concluir a tarefa',
  proposta_rascunhar: 'Não consegui rascunhar a proposta',
  proposta_item_adicionar: 'Não consegui adicionar o item',
  proposta_recalcular: 'Não consegui recalcular os totais',
};

/** `replies` (from bot.yaml) may override a label with a `falha_<intent>` key. */
export function failureText(intent: string, reason: string, replies?: Record<string, string>): string {
  const label = replies?.[`falha_${intent}`] ?? FAILURE_LABEL[intent] ?? replies?.falha_generica ?? 'Não consegui concluir a ação';
  return `${label}: ${reason}`;
}
