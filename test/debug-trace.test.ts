// The debug view: each turn's trace (GET /api/sessions/:id turns[], the console's trace view, `chat --debug`) shows
// the intents with their scores, the entities and slot values read with their spans, the deciding rule and the
// form's state — played on the YAML-only car-repair example.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debugLines } from '../src/cli/debug-trace.ts';
import type { TraceEntry } from '../src/engine/index.ts';
import { projectRoot } from '../src/paths.ts';
import { ADMIN, startTestServer, type TestServer } from './support/server.ts';

describe('the debug view of a turn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(projectRoot, 'examples'), only: ['oficina'] });
  }, 120_000);
  afterAll(() => server?.close());

  it('keeps what the message gave and what decided the turn in the session trace, and chat --debug prints it', async () => {
    const message = 'quero agendar uma revisão do meu sedan pro sábado às 15h';
    const first = await server.chat('oficina', { message });
    const detail = await server.get(`/api/sessions/${first.sessionId}`, { authorization: `Bearer ${ADMIN}` });
    const trace = detail.body.turns[0].trace as TraceEntry[];
    const understood = trace.find((e) => e.chosen)!;
    expect(understood.chosen![0].id).toBe('agendar');
    expect(understood.scores!.length).toBeGreaterThan(1);
    expect(understood.rule).toMatch(/agendar/);
    const at = (word: string) => ({ start: message.indexOf(word), end: message.indexOf(word) + word.length });
    expect(understood.entities).toEqual(expect.arrayContaining([{ type: 'servico', value: 'revisão', text: 'revisão', ...at('revisão') }, expect.objectContaining({ type: 'porte', value: 'médio', text: 'sedan', ...at('sedan') })]));
    // The form: every slot read with its words, the Saturday-afternoon time refused, the state it waits in.
    const form = trace.find((e) => e.node === 'form:agendamento')!.form!;
    expect(form.read).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'hora', value: '15:00', ...at('às 15h') }), expect.objectContaining({ type: 'dia', value: '2026-03-14' })]));
    expect(form.refused).toEqual(['hora']);
    expect(form).toMatchObject({ stage: 'hora', slots: { servico: 'revisão', porte: 'médio', dia: '2026-03-14' } });
    const lines = debugLines(trace);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^intents: agendar \d\.\d\d/), expect.stringMatching(/^rule: /), expect.stringMatching(/^form agendamento: read .*hora="15:00" "às 15h" \[\d+-\d+\].*; refused hora$/)]));
    expect(lines.find((l) => l.startsWith('entities:'))).toContain(`porte="médio" "sedan" [${at('sedan').start}-${at('sedan').end}]`);
  }, 120_000);
});
