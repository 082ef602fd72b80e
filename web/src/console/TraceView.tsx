// A turn's trace: what the message gave (intents with scores, entities and slot values with their spans, the rule
// that decided, each form's state), the graph nodes in the order they ran with their durations, and the model calls.
import type { TraceEntry, Turn } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { DataTable, type Column } from './ui/index.ts';

type TraceNode = Turn['trace'][number];
type ModelCall = Turn['modelCalls'][number];
type Span = NonNullable<TraceEntry['entities']>[number];

/** `type = value "words" [start–end]`. */
function SpanText({ s }: { s: Span }) {
  const said = s.text !== undefined && s.text !== String(s.value) ? ` “${s.text}”` : '';
  const where = s.start !== undefined && s.end !== undefined ? ` [${s.start}–${s.end}]` : '';
  return (
    <code data-testid="trace-span">
      {s.type} = {JSON.stringify(s.value)}
      {said}
      {where}
    </code>
  );
}

function Spans({ spans, t }: { spans: Span[] | undefined; t: ConsoleTexts }) {
  if (!spans?.length) return <>{t.nothing}</>;
  return (
    <>
      {spans.map((s, i) => (
        <span key={i}>
          {i > 0 && ', '}
          <SpanText s={s} />
        </span>
      ))}
    </>
  );
}

/** Per message: the intents with their scores, the entities, the deciding rule and each form's reading and state. */
function MessageReading({ turn, t }: { turn: Turn; t: ConsoleTexts }) {
  const understood = turn.trace.find((e) => e.chosen);
  const forms = turn.trace.filter((e) => e.form);
  if (!understood && !forms.length) return null;
  const score = (i: { id: string; confidence: number }) => `${i.id} ${i.confidence.toFixed(2)}`;
  return (
    <dl className="trace-reading" aria-label={t.readTitle} data-testid="trace-reading">
      {understood && (
        <>
          <dt>{t.intent}</dt>
          <dd>{(understood.scores ?? understood.chosen ?? []).map(score).join(', ')}</dd>
          <dt>{t.entities}</dt>
          <dd>
            <Spans spans={understood.entities} t={t} />
          </dd>
          {understood.rule && (
            <>
              <dt>{t.rule}</dt>
              <dd>{understood.rule}</dd>
            </>
          )}
        </>
      )}
      {forms.map((e) => (
        <div key={e.node}>
          <dt>
            {t.slotsRead} ({e.node.replace(/^form:/, '')})
          </dt>
          <dd>
            <Spans spans={e.form!.read} t={t} />
            {e.form!.refused.length > 0 && ` — ${t.refused}: ${e.form!.refused.join(', ')}`}
          </dd>
          <dt>{t.formState}</dt>
          <dd>
            <code>{e.form!.stage ?? '–'}</code> {JSON.stringify(e.form!.slots)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

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
      <MessageReading turn={turn} t={t} />
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
