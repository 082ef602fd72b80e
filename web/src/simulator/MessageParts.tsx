// A reply's UI parts as the simulator shows them: `data-cards` as a list of cards (opening one, by its link or its
// title, is reported through `onCardOpen`), `data-form` as a small form whose submit sends its message (filled in
// from the fields and the computed value), any other part as its JSON.
import { useId, useState } from 'react';
import type { CardsData, FormData, UiPart } from '../shared/api.ts';
import './message-parts.css';

export function MessageParts({
  parts,
  onSend,
  onCardOpen,
  disabled,
}: {
  parts?: UiPart[];
  onSend: (text: string) => Promise<void>;
  /** A card was opened: `part` is the cards' index among the reply's parts, `item` the card's. */
  onCardOpen?: (part: number, item: number) => void;
  disabled: boolean;
}) {
  if (!parts?.length) return null;
  return (
    <div className="ui-parts">
      {parts.map((part, i) => {
        const key = `${part.type}-${part.id ?? i}`;
        if (part.type === 'data-cards') return <Cards key={key} data={part.data as CardsData} onOpen={onCardOpen && ((item) => onCardOpen(i, item))} />;
        if (part.type === 'data-form') return <PartForm key={key} id={part.id ?? key} data={part.data as FormData} onSend={onSend} disabled={disabled} />;
        return (
          <pre key={key} className="ui-part-json" data-testid="part-json">
            {JSON.stringify(part.data, null, 2)}
          </pre>
        );
      })}
    </div>
  );
}

function Cards({ data, onOpen }: { data: CardsData; onOpen?: (item: number) => void }) {
  return (
    <section className="ui-cards" aria-label={data.title ?? 'Results'} data-testid="part-cards">
      {data.title && <h3>{data.title}</h3>}
      <ul>
        {data.items.map((card, i) => (
          <li key={i} className="ui-card" data-testid="part-card">
            <p className="ui-card-title">
              {card.url ? (
                <a href={card.url} target="_blank" rel="noreferrer" onClick={() => onOpen?.(i)}>
                  {card.title}
                </a>
              ) : (
                <button type="button" className="ui-card-open" data-testid="part-card-open" onClick={() => onOpen?.(i)}>
                  {card.title}
                </button>
              )}
            </p>
            {card.badge && <span className="chip ui-card-badge">{card.badge}</span>}
            {card.subtitle && <p className="ui-card-subtitle">{card.subtitle}</p>}
            {(card.lines ?? []).length > 0 && (
              <ul className="ui-card-lines">
                {(card.lines ?? []).map((line, j) => (
                  <li key={j}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A number as typed in the form's locale ("4.500,50" in pt-BR, "4,500.50" in en), or NaN. */
function parseLocalNumber(raw: string, locale: string): number {
  const decimal = new Intl.NumberFormat(locale).format(1.5).charAt(1);
  const cleaned = raw.replace(/[^\d.,-]/g, '');
  const normalised = decimal === ',' ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  return normalised ? Number(normalised) : NaN;
}

function PartForm({ id, data, onSend, disabled }: { id: string; data: FormData; onSend: (text: string) => Promise<void>; disabled: boolean }) {
  const locale = data.locale ?? 'en';
  const base = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const numbers = Object.fromEntries(data.fields.map((f) => [f.name, f.kind === 'text' ? NaN : parseLocalNumber(values[f.name] ?? '', locale)]));
  const format = (n: number, kind: 'money' | 'number') => new Intl.NumberFormat(locale, kind === 'money' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 2 }).format(n);
  let result: number | undefined;
  if (data.compute) {
    const [a, b] = data.compute.divide;
    const value = numbers[a] / numbers[b];
    if (Number.isFinite(value)) result = value;
  }
  const fieldOk = (f: FormData['fields'][number]) => {
    if (f.kind === 'text') return Boolean(values[f.name]?.trim());
    const n = numbers[f.name];
    return Number.isFinite(n) && (f.min === undefined || n >= f.min) && (f.max === undefined || n <= f.max);
  };
  const ready = data.fields.every(fieldOk) && (!data.compute || result !== undefined) && !sent && !disabled;
  const message = () => {
    const vars: Record<string, string> = Object.fromEntries(data.fields.map((f) => [f.name, f.kind === 'text' ? (values[f.name] ?? '').trim() : format(numbers[f.name], f.kind)]));
    if (result !== undefined) vars.result = format(result, data.compute!.format);
    return data.submit.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  };
  return (
    <form
      className="ui-form"
      aria-label={data.title}
      data-testid="part-form"
      data-part={id}
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        setSent(true);
        void onSend(message());
      }}
    >
      <h3>{data.title}</h3>
      {data.help && <p className="hint">{data.help}</p>}
      {data.fields.map((f) => (
        <label key={f.name} htmlFor={`${base}-${f.name}`}>
          {f.label}
          <input
            id={`${base}-${f.name}`}
            name={f.name}
            inputMode={f.kind === 'text' ? 'text' : 'decimal'}
            value={values[f.name] ?? ''}
            disabled={sent}
            data-testid={`part-field-${f.name}`}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </label>
      ))}
      {data.compute && (
        <p className="ui-form-result" data-testid="part-result" aria-live="polite">
          {data.compute.label}: <strong>{result === undefined ? '—' : data.compute.format === 'money' ? format(result, 'money') : format(result, 'number')}</strong>
        </p>
      )}
      <button type="submit" disabled={!ready} data-testid="part-submit">
        {data.button}
      </button>
    </form>
  );
}
