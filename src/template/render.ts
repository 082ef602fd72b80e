// The one renderer of every template a bot writes (replies, search replies, form questions and confirmations,
// action replies): `{name}` placeholders, and sections `{?name: …}` shown only when `name` has a value
// (`{?name=value: …}` when it equals value; sections nest).

export type TemplateVars = Record<string, unknown>;

export interface RenderTemplateOptions {
  /** Placeholders without a value are left out (a text shown before anything is known); by default they stay visible. */
  omitUnknown?: boolean;
}

/** No value: missing, null, '', false or an empty list. */
export function hasValue(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0);
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

/** The template with its sections resolved and its placeholders filled. */
export function renderTemplate(template: string, vars: TemplateVars = {}, options: RenderTemplateOptions = {}): string {
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
    if (colon > 0 && shown) out += renderTemplate(body.slice(colon + 1), vars, options);
    pos = end + 1;
  }
  out += template.slice(pos);
  const filled = out.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars && vars[k] !== undefined ? show(vars[k]) : options.omitUnknown ? '' : m));
  return options.omitUnknown ? filled.replace(/ {2,}/g, ' ') : filled;
}

/** A reply template filled; unknown placeholders stay as they are (a visible mistake). */
export function fillTemplate(template: string, vars: Record<string, string | number> = {}): string {
  return renderTemplate(template, vars);
}

/** A template shown before anything is known (a bot's opening message): placeholders without a value are left out. */
export function fillOrOmit(template: string, vars: Record<string, string | number> = {}): string {
  return renderTemplate(template, vars, { omitUnknown: true });
}
