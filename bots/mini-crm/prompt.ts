// The planner prompt (pt-BR) for an LLM that turns one message into {"actions":[{intent, slots}]}.
import { formatDateTime } from 'switchboard';
import type { CrmMemory } from './types.ts';

export const PLANNER_INTENTS: Record<string, string> = {
  lead_criar: 'cadastrar lead — slots: nome, empresa, telefone, email, origem',
  lead_listar: 'listar os leads — sem slots',
  lead_buscar: 'buscar um lead — slots: lead_ref_ou_id (nome ou id)',
  nota_adicionar: 'registrar nota num lead — slots: texto, lead_ref_ou_id (omita para usar o lead atual)',
  nota_listar: 'listar notas — slots: lead_ref_ou_id (opcional)',
  tarefa_criar: 'criar tarefa — slots: titulo, prazo (ISO 8601 no fuso do usuário, ou o texto dito: "amanhã às 10h"), lead_ref_ou_id (opcional)',
  tarefa_listar: 'listar tarefas — slots: filtro (pendentes|concluidas|todas), lead_ref_ou_id (opcional)',
  tarefa_concluir: 'concluir tarefa — slots: tarefa_ref (título ou id)',
  proposta_rascunhar: 'rascunhar proposta — slots: titulo, lead_ref_ou_id (opcional)',
  proposta_item_adicionar: 'adicionar item à proposta — slots: descricao, quantidade, preco (unitário, número), proposta_ref (opcional: a atual)',
  proposta_recalcular: 'recalcular totais da proposta — slots: proposta_ref (opcional), desconto (valor) ou desconto_percentual',
  ajuda: 'o pedido não é uma ação do CRM — sem slots',
};

/** System prompt for the JSON planner; the user message is the raw text. */
export function buildPlannerPrompt(memory: CrmMemory, now: Date, timeZone: string): string {
  const lines = [
    'Você planeja ações de um mini-CRM. Leia a mensagem do usuário e devolva SOMENTE um JSON:',
    '{"actions": [{"intent": "<intenção>", "slots": {…}}]}',
    'Uma ação por pedido, na ordem em que aparecem. Não repita ações. Não invente dados.',
    'Pronomes que apontam o lead ("nele", "pra ela", "dele", "nesse lead") não entram no texto da nota nem no título: omita lead_ref_ou_id para usar o lead atual.',
    'Um lead citado pelo nome (mesmo no fim da frase: "mostra as anotações da Helena") vai em lead_ref_ou_id e vale mais que o lead atual.',
    'Intenções:',
    ...Object.entries(PLANNER_INTENTS).map(([k, v]) => `- ${k}: ${v}`),
    `Agora: ${formatDateTime(now, timeZone)} (${timeZone}).`,
  ];
  if (memory.lead_atual) lines.push(`Lead atual: ${memory.lead_atual.nome} (id: ${memory.lead_atual.id}). "ele/ela/dele" se referem a ele.`);
  if (memory.proposta_atual) lines.push(`Proposta atual: ${memory.proposta_atual.titulo} (id: ${memory.proposta_atual.id}).`);
  return lines.join('\n');
}
