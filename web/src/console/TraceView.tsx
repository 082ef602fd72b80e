// A turn's trace: the graph nodes in the order they ran with their durations, and the model calls with tokens.
import type { Turn } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';

export function TraceView({ turn, t }: { turn: Turn; t: ConsoleTexts }) {
  const longest = Math.max(1, ...turn.trace.map((e) => e.ms));
  return (
    <section className="trace" aria-label={t.traceTitle} data-testid="trace">
      <p className="trace-summary">
        {t.path}: <code>{turn.path}</code> · {t.total}: {turn.latencyMs.toFixed(1)} ms · {turn.intents.join(', ')}
      </p>
      <table>
        <caption className="visually-hidden">{t.traceTitle}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t.node}</th>
            <th scope="col" className="num">
              {t.ms}
            </th>
            <th scope="col" aria-hidden="true" className="bar-col" />
          </tr>
        </thead>
        <tbody>
          {turn.trace.map((e, i) => (
            <tr key={i} className={e.ok === false ? 'failed' : ''} data-testid="trace-node">
              <td>{i + 1}</td>
              <td>
                <code>{e.node}</code>
                {e.ok === false && ' ✗'}
              </td>
              <td className="num">{e.ms.toFixed(1)}</td>
              <td aria-hidden="true" className="bar-col">
                <span className="bar" style={{ width: `${Math.max(2, (e.ms / longest) * 100)}%` }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t.modelCalls}</h3>
      {turn.modelCalls.length === 0 ? (
        <p className="hint">{t.noModelCalls}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Purpose</th>
              <th scope="col" className="num">
                {t.ms}
              </th>
              <th scope="col" className="num">
                {t.tokens}
              </th>
            </tr>
          </thead>
          <tbody>
            {turn.modelCalls.map((c, i) => (
              <tr key={i} className={c.ok ? '' : 'failed'} data-testid="model-call">
                <td>
                  <code>{c.model}</code>
                </td>
                <td>
                  {c.purpose}
                  {c.error ? ` — ${c.error}` : ''}
                </td>
                <td className="num">{Math.round(c.latencyMs)}</td>
                <td className="num">
                  {c.inputTokens ?? '–'} / {c.outputTokens ?? '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
