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

const CURRENCY: Record<string, string> = { pt: 'BRL', es: 'ARS', vi: 'VND', en: 'USD' };

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
      return new Intl.NumberFormat(lang, { style: 'currency', currency: o.currency ?? CURRENCY[lang.slice(0, 2)] ?? 'USD' })
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
