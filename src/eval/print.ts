// The terminal view of an eval: one summary table, per-bot confusion, each failure, the model comparison.
import type { EvalReport, ModelComparison } from './evaluate.ts';
import type { Confusion } from './metrics.ts';
import { failuresOf, knownGapsOf } from './metrics.ts';
import type { TurnResult } from './runner.ts';
import { fmt, pct } from './stats.ts';

/** A fixed-width text table; numbers and percentages are right-aligned. */
export function textTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [head, ...rows].map((r) => r.map((c) => String(c)));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const numeric = head.map((_, i) => rows.length > 0 && rows.every((r) => /^[-–+]?[\d.,]+\s*(%|ms|x|×|\/s)?$|^–$|^\d+\/\d+$/.test(String(r[i] ?? ''))));
  const pad = (s: string, i: number) => {
    const fill = ' '.repeat(Math.max(0, widths[i] - [...s].length));
    return numeric[i] ? fill + s : s + fill;
  };
  const line = (r: string[]) => `  ${r.map(pad).join('  ')}`.trimEnd();
  const rule = `  ${widths.map((w) => '─'.repeat(w)).join('  ')}`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}

export function formatEval(report: EvalReport): string {
  const out: string[] = [];
  const evaluated = report.bots.filter((b) => b.metrics);
  if (evaluated.length) {
    out.push('Conversation tests');
    out.push(
      textTable(
        ['bot', 'understanding', 'model', 'conversations', 'turns', 'failed', 'known gaps', 'intent acc.', 'p50', 'p95', 'n'],
        evaluated.map((b) => {
          const m = b.metrics!;
          return [
            b.bot,
            b.understanding,
            b.model,
            `${m.conversations.passed}/${m.conversations.total}`,
            `${m.turns.passed}/${m.turns.total}`,
            m.turns.failed,
            m.turns.knownGaps,
            `${pct(m.intents.accuracy)} (${m.intents.correct}/${m.intents.turns})`,
            `${fmt(m.latency.p50)} ms`,
            `${fmt(m.latency.p95)} ms`,
            m.latency.n,
          ];
        }),
      ),
    );
  }
  for (const b of report.bots) {
    if (b.error) {
      out.push('', `✗ ${b.bot}: ${b.error}`);
      continue;
    }
    const m = b.metrics!;
    out.push('', `${b.bot} — intent confusion (rows: expected, columns: understood; ${m.intents.turns} turns that declare intents)`);
    out.push(confusionText(m.confusion));
    const failures = failuresOf(b.run!);
    const gaps = knownGapsOf(b.run!);
    if (failures.length) {
      out.push('', `✗ ${b.bot}: ${failures.length} failing turn(s)`);
      for (const t of failures) out.push(...turnLines(t));
    } else out.push('', `✓ ${b.bot}: every turn passed${gaps.failing.length ? ` (${gaps.failing.length} known gap(s) below)` : ''}`);
    if (gaps.failing.length) {
      out.push('', `${b.bot}: known gaps (marked \`known\` in the file; still wrong, not counted as failures)`);
      for (const t of gaps.failing) out.push(...turnLines(t), `      known: ${t.known}`);
    }
    if (gaps.fixed.length) {
      out.push('', `${b.bot}: known gaps that pass now — remove their \`known\` mark:`);
      for (const t of gaps.fixed) out.push(`  • ${t.conversation} › turn ${t.index + 1} (user: "${t.user ?? ''}")`);
    }
  }
  for (const c of report.comparisons) out.push('', ...formatComparison(c));
  out.push('', report.ok ? '✓ eval passed' : '✗ eval failed');
  return out.join('\n');
}

function turnLines(t: TurnResult): string[] {
  const what = t.user !== undefined ? `user: "${t.user}"` : `operator: ${JSON.stringify(t.operator)}`;
  return [`  • ${t.conversation} › turn ${t.index + 1} (${what})`, ...t.failures.map((f) => `      ${f}`)];
}

function formatComparison(c: ModelComparison): string[] {
  return [
    `${c.bot} — understanding with and without a model (same conversations)`,
    textTable(
      ['mode', 'model', 'intent acc.', 'turns passed', 'model calls/turn', 'understand calls/turn', 'turns w/o model call', 'p50', 'p95'],
      comparisonCells(c, ' ms'),
    ),
    `  note: ${c.note}`,
  ];
}

/** One row of cells per mode of a model comparison (the text table and the HTML report show the same). */
export function comparisonCells(c: ModelComparison, msUnit = ''): string[][] {
  return c.rows.map((r) => [
    r.mode,
    r.model,
    `${pct(r.metrics.intents.accuracy)} (${r.metrics.intents.correct}/${r.metrics.intents.turns})`,
    `${r.metrics.turns.passed}/${r.metrics.turns.total}`,
    fmt(r.metrics.models?.callsPerTurn, 2),
    fmt(r.metrics.models?.understandCallsPerTurn, 2),
    pct(r.metrics.models?.withoutModelShare),
    `${fmt(r.metrics.latency.p50)}${msUnit}`,
    `${fmt(r.metrics.latency.p95)}${msUnit}`,
  ]);
}

/** The confusion matrix as text: numbered columns, numbered and named rows, '.' for zero. */
export function confusionText(c: Confusion): string {
  const n = c.labels.length;
  const head = ['expected \\ got', ...c.labels.map((_, i) => String(i + 1))];
  const rows = c.labels.map((e, i) => [`${i + 1} ${e}`, ...c.labels.map((g) => String(c.counts[e]?.[g] ?? '.'))]);
  return n ? textTable(head, rows) : '  (no turn declares intents)';
}
