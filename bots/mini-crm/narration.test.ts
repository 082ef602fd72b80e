import { describe, expect, it } from 'vitest';
import { readBotConfig } from 'switchboard';
import { narrator, push_ai_response, respond_final } from './narration.ts';
import type { Segment } from './types.ts';

const { replies } = readBotConfig(import.meta.dirname);
const say = narrator(replies);

describe('push_ai_response / respond_final', () => {
  it('one segment is the reply as is', () => {
    const ctx = { ai_responses: [] as Segment[], replies };
    push_ai_response(ctx, 'nota_adicionar', say.noteAdded('ligou'), true, { nota_id: 'n1' });
    expect(respond_final(ctx)).toBe("Nota registrada: 'ligou'");
    expect(ctx.ai_responses[0]).toEqual({ intent: 'nota_adicionar', text: "Nota registrada: 'ligou'", ok: true, data: { nota_id: 'n1' } });
  });

  it('several segments are listed, failures in their own section', () => {
    const ctx = { ai_responses: [] as Segment[], replies };
    push_ai_response(ctx, 'lead_criar', say.leadCreated('Lennon', 'l1'));
    push_ai_response(ctx, 'tarefa_concluir', 'Não consegui concluir a tarefa: tarefa não encontrada: x', false);
    push_ai_response(ctx, 'proposta_rascunhar', say.proposalDrafted('Plano', 'p1'));
    expect(respond_final(ctx)).toBe(
      'Ações realizadas:\n- Lead criado: Lennon (id: l1)\n- Proposta rascunhada: Plano (id: p1)\n\nOcorreram falhas:\n- Não consegui concluir a tarefa: tarefa não encontrada: x',
    );
  });

  it('only failures → only the failure section', () => {
    const ctx = { ai_responses: [] as Segment[], replies };
    push_ai_response(ctx, 'a', 'falhou 1', false);
    push_ai_response(ctx, 'b', 'falhou 2', false);
    expect(respond_final(ctx)).toBe('Ocorreram falhas:\n- falhou 1\n- falhou 2');
  });

  it('formats the seed templates', () => {
    expect(say.taskCreated('Ligar', 't1', new Date('2025-05-16T13:00:00Z'), 'America/Sao_Paulo')).toBe('Tarefa criada: Ligar (id: t1, prazo: 16/05/2025 10:00)');
    expect(say.taskCreated('Ligar', 't1', null, 'America/Sao_Paulo')).toBe('Tarefa criada: Ligar (id: t1, prazo: sem prazo)');
    expect(say.noteList('Ana', [])).toBe('Nenhuma nota de Ana.');
    expect(say.taskList('todas', [{ titulo: 'Ligar', prazo: null, concluida: true }], 'America/Sao_Paulo')).toBe('Tarefas (1): Ligar [concluída]');
    expect(say.failure('lead_criar', 'sem nome')).toBe('Não consegui cadastrar o lead: sem nome');
  });
});
