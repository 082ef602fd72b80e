// Filling an action's reply: `{name}` placeholders, `{?name: …}` sections shown only when `name` has a value
// (`{?name=value: …}` when it equals value; sections nest), and placeholders computed from a tool's result.
import { formatDateTime } from '../nlu/index.ts';
import type { VarSpec } from './schema.ts';

export type Vars = Record<string, unknown>;

export interface RenderOptions {
  replies: Record<string, string>;
  language: string;
  timeZone: string;
  currency?: string;
}

const CURRENCY: Record<string, string> = { pt: 'BRL', es: 'ARS', vi: 'VND', en: 'USD' };

/** No value: missing, null, '', false or an empty list. */
export function hasValue(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0);
}

/** A reply key's template, else the text itself. */
export function textOf(keyOrText: string, replies: Record<string, string>): string {
  return replies[keyOrText] ?? keyOrText;
}

/** The placeholders a template uses outside its sections' conditions. */
function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

function show(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : v === true ? '' : v == null ? '' : JSON.stringify(v);
}

/** Where a section `{?…}` starting at `start` closes (braces balanced), or -1. */
function sectionEnd(template: string, start: number): number {
  let depth = 0;
  for (let i = start; i < template.length; i++) {
    if (template[i] === '{') depth++;
    else if (template[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The template with its sections resolved and its placeholders filled; unknown placeholders stay visible. */
export function fill(template: string, vars: Vars): string {
  let out = '';
  let pos = 0;
  for (let at = template.indexOf('{?'); at >= 0; at = template.indexOf('{?', pos)) {
    const end = sectionEnd(template, at);
    if (end < 0) break;
    out += template.slice(pos, at);
    const body = template.slice(at + 2, end);
    const colon = body.indexOf(':');
    const [name, wanted] = body.slice(0, Math.max(colon, 0)).trim().split('=');
    const shown = wanted === undefined ? hasValue(vars[name]) : show(vars[name]) === wanted.trim();
    if (colon > 0 && shown) out += fill(body.slice(colon + 1), vars);
    pos = end + 1;
  }
  out += template.slice(pos);
  return out.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars && vars[k] !== undefined ? show(vars[k]) : m));
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
