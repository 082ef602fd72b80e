// Filling an action's reply with the one template renderer (src/template), and placeholders computed from a
// tool's result.
import { formatDateTime } from '../nlu/index.ts';
import { hasValue, renderTemplate } from '../template/index.ts';
import type { VarSpec } from './schema.ts';

export { hasValue };
export type Vars = Record<string, unknown>;

export interface RenderOptions {
  replies: Record<string, string>;
  language: string;
  timeZone: string;
  currency?: string;
}

// The currency of a region (the bot's language tag `es-AR`, `pt-PT`…); a tag without one takes its language's
// usual region. A bot sets `actions.currency` when its money is another.
const CURRENCY_OF_REGION: Record<string, string> = {
  BR: 'BRL', PT: 'EUR', AO: 'AOA', MZ: 'MZN', AR: 'ARS', UY: 'UYU', PY: 'PYG', MX: 'MXN', ES: 'EUR', CO: 'COP', CL: 'CLP',
  PE: 'PEN', BO: 'BOB', EC: 'USD', VE: 'VES', VN: 'VND', US: 'USD', GB: 'GBP', IE: 'EUR', CA: 'CAD', AU: 'AUD', NZ: 'NZD', IN: 'INR',
};
const USUAL_REGION: Record<string, string> = { pt: 'BR', es: 'ES', vi: 'VN', en: 'US' };

/** The currency money is shown in when the bot names none: its language tag's region, else the language's usual one. */
export function currencyOf(languageTag: string): string {
  const [lang, region] = languageTag.split('-');
  return CURRENCY_OF_REGION[(region ?? USUAL_REGION[lang.toLowerCase()] ?? '').toUpperCase()] ?? 'USD';
}

/** A reply key's template, else the text itself. */
export function textOf(keyOrText: string, replies: Record<string, string>): string {
  return replies[keyOrText] ?? keyOrText;
}

/** The placeholders a template uses outside its sections' conditions. */
function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** The template with its sections resolved and its placeholders filled; unknown placeholders stay visible. */
export function fill(template: string, vars: Vars): string {
  return renderTemplate(template, vars);
}

function field(data: Vars, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Vars)[k] : undefined), data);
}

function format(value: unknown, how: string | undefined, o: RenderOptions): unknown {
  if (!hasValue(value) || !how) return value;
  const lang = o.language;
  switch (how) {
    case 'money':
      return new Intl.NumberFormat(lang, { style: 'currency', currency: o.currency ?? currencyOf(lang) })
        .format(Number(value))
        .replace(/\s/g, ' ');
    case 'number':
      return new Intl.NumberFormat(lang, { useGrouping: false, maximumFractionDigits: 3 }).format(Number(value));
    case 'datetime': {
      const date = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(date.getTime()) ? value : formatDateTime(date, o.timeZone);
    }
    case 'count':
      return Array.isArray(value) ? value.length : value;
  }
  return value;
}

/** One computed placeholder. */
function render(name: string, spec: VarSpec, data: Vars, o: RenderOptions): unknown {
  if (typeof spec === 'string') {
    const [from, how] = spec.split('|');
    return format(field(data, from), how, o);
  }
  if (spec.list !== undefined) {
    const items = field(data, spec.list);
    if (!Array.isArray(items)) return undefined;
    const item = textOf(spec.item ?? `{${name}}`, o.replies);
    return items.map((it) => fill(item, renderVars(spec.vars ?? {}, { ...data, ...(it as Vars) }, o))).join(spec.join ?? '; ');
  }
  if (spec.parts) {
    const shown = spec.parts.map((p) => textOf(p, o.replies)).filter((p) => placeholders(p).every((k) => hasValue(data[k])));
    return shown.map((p) => fill(p, data)).join(spec.join ?? ', ');
  }
  const value = format(field(data, spec.from ?? name), spec.format, o);
  return hasValue(value) || spec.or === undefined ? value : fill(textOf(spec.or, o.replies), data);
}

/** `data` (a tool's result and the action's slots) plus the placeholders the spec computes from it. */
export function renderVars(specs: Record<string, VarSpec>, data: Vars, o: RenderOptions): Vars {
  const out: Vars = { ...data };
  for (const [name, spec] of Object.entries(specs)) out[name] = render(name, spec, data, o);
  return out;
}
