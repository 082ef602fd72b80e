// `switchboard chat --debug`: a turn's trace as lines under the reply — the intents with their scores, the entities
// read (with their spans), the rule that decided where the message went, and each form's reading and state.
import type { TraceEntry, TracedSpan } from '../engine/index.ts';

const score = (i: { id: string; confidence: number }) => `${i.id} ${i.confidence.toFixed(2)}`;

function span(s: TracedSpan): string {
  const where = s.start !== undefined && s.end !== undefined ? ` [${s.start}-${s.end}]` : '';
  const said = s.text !== undefined && s.text !== String(s.value) ? ` "${s.text}"` : '';
  return `${s.type}=${JSON.stringify(s.value)}${said}${where}`;
}

/** The debug lines of one turn's trace. */
export function debugLines(trace: readonly TraceEntry[]): string[] {
  const lines: string[] = [];
  for (const e of trace) {
    if (e.chosen) {
      lines.push(`intents: ${e.chosen.map(score).join(', ') || 'none'}${e.scores?.length ? `   (scores: ${e.scores.map(score).join(', ')})` : ''}`);
      lines.push(`entities: ${e.entities?.length ? e.entities.map(span).join(', ') : 'none'}`);
      if (e.rule) lines.push(`rule: ${e.rule}`);
    }
    if (e.form) {
      const name = e.node.replace(/^form:/, '');
      lines.push(`form ${name}: read ${e.form.read.length ? e.form.read.map(span).join(', ') : 'nothing'}${e.form.refused.length ? `; refused ${e.form.refused.join(', ')}` : ''}`);
      lines.push(`form ${name}: stage ${e.form.stage ?? '(not running)'}, slots ${JSON.stringify(e.form.slots)}`);
    }
    if (e.ok === false && e.error) lines.push(`${e.node} failed: ${e.error}`);
  }
  return lines;
}
