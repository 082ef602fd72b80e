// A turn's trace: the graph nodes in the order they ran with their durations (the understanding node names the
// policy that decided the route, and why), and the model calls with tokens.
import type { Turn } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { DataTable, type Column } from './ui/index.ts';

type TraceNode = Turn['trace'][number];
type ModelCall = Turn['modelCalls'][number];

export function TraceView({ turn, t }: { turn: Turn; t: ConsoleTexts }) {
  const longest = Math.max(1, ...turn.trace.map((e) => e.ms));
  const nodes: Column<TraceNode>[] = [
    { header: '#', cell: (_e, i) => i + 1 },
    {
      header: t.node,
      cell: (e) => (
        <>
          <code>{e.node}</code>
          {e.ok === false && ' ✗'}
          {e.policy && (
            <span className="hint" data-testid="trace-policy">
              {' '}
              → <code>{e.policy}</code>
              {e.why ? `: ${e.why}` : ''}
            </span>
          )}
        </>
      ),
    },
    { header: t.ms, className: 'num', cell: (e) => e.ms.toFixed(1) },
    { header: null, className: 'bar-col', decorative: true, cell: (e) => <span className="bar" style={{ width: `${Math.max(2, (e.ms / longest) * 100)}%` }} /> },
  ];
  const calls: Column<ModelCall>[] = [
    { header: 'Model', cell: (c) => <code>{c.model}</code> },
    {
      header: 'Purpose',
      cell: (c) => (
        <>
          {c.purpose}
          {c.error ? ` — ${c.error}` : ''}
        </>
      ),
    },
    { header: t.ms, className: 'num', cell: (c) => Math.round(c.latencyMs) },
    {
      header: t.tokens,
      className: 'num',
      cell: (c) => (
        <>
          {c.inputTokens ?? '–'} / {c.outputTokens ?? '–'}
        </>
      ),
    },
  ];
  return (
    <section className="trace" aria-label={t.traceTitle} data-testid="trace">
      <p className="trace-summary">
        {t.path}: <code>{turn.path}</code> · {t.total}: {turn.latencyMs.toFixed(1)} ms · {turn.intents.join(', ')}
      </p>
      <DataTable
        wrap={false}
        caption={t.traceTitle}
        rows={turn.trace}
        columns={nodes}
        rowKey={(_e, i) => i}
        rowAttributes={(e) => ({ className: e.ok === false ? 'failed' : '', 'data-testid': 'trace-node' })}
      />
      <h3>{t.modelCalls}</h3>
      {turn.modelCalls.length === 0 ? (
        <p className="hint">{t.noModelCalls}</p>
      ) : (
        <DataTable wrap={false} rows={turn.modelCalls} columns={calls} rowKey={(_c, i) => i} rowAttributes={(c) => ({ className: c.ok ? '' : 'failed', 'data-testid': 'model-call' })} />
      )}
    </section>
  );
}
