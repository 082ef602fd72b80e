// A safe reader for "object-like" text that models and Python tools produce: JSON, JSON with trailing
// commas, or Python literals such as "{'nome': 'Lennon', 'id': UUID('…'), 'ativo': True}". A small
// recursive-descent parser; nothing is ever evaluated. parseJsonLoose (json.ts) builds on it.

export class LiteralSyntaxError extends SyntaxError {}

const CONSTANTS: Record<string, unknown> = {
  True: true, False: false, None: null, true: true, false: false, null: null, undefined: null, NaN: null,
};

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

class Reader {
  pos = 0;
  constructor(readonly src: string) {}

  fail(msg: string): never {
    throw new LiteralSyntaxError(`${msg} at ${this.pos}`);
  }

  skip(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
  }

  peek(): string {
    this.skip();
    return this.src[this.pos] ?? '';
  }

  expect(ch: string): void {
    if (this.peek() !== ch) this.fail(`expected '${ch}'`);
    this.pos++;
  }

  value(): unknown {
    const ch = this.peek();
    if (ch === '{') return this.dict();
    if (ch === '[') return this.sequence('[', ']');
    if (ch === '(') {
      const items = this.sequence('(', ')');
      return items.length === 1 && !this.lastHadComma ? items[0] : items;
    }
    if (ch === '"' || ch === "'") return this.string();
    if (/[-+\d.]/.test(ch)) return this.number();
    if (/[A-Za-z_]/.test(ch)) return this.nameOrCall();
    return this.fail(`unexpected '${ch || 'end'}'`);
  }

  lastHadComma = false;

  sequence(open: string, close: string): unknown[] {
    this.expect(open);
    const items: unknown[] = [];
    this.lastHadComma = false;
    while (this.peek() !== close) {
      items.push(this.value());
      this.lastHadComma = false;
      if (this.peek() === ',') {
        this.pos++;
        this.lastHadComma = true;
      } else break;
    }
    this.expect(close);
    return items;
  }

  dict(): Record<string, unknown> {
    this.expect('{');
    const out: Record<string, unknown> = {};
    while (this.peek() !== '}') {
      const key = this.value();
      const sep = this.peek();
      if (sep !== ':' && sep !== '=') this.fail("expected ':'");
      this.pos++;
      out[typeof key === 'string' ? key : JSON.stringify(key)] = this.value();
      if (this.peek() === ',') this.pos++;
      else break;
    }
    this.expect('}');
    return out;
  }

  string(): string {
    this.skip();
    const quote = this.src[this.pos];
    const triple = this.src.startsWith(quote.repeat(3), this.pos);
    this.pos += triple ? 3 : 1;
    let out = '';
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (triple ? this.src.startsWith(quote.repeat(3), this.pos) : c === quote) {
        this.pos += triple ? 3 : 1;
        return out;
      }
      if (c === '\\') {
        out += this.escape();
        continue;
      }
      out += c;
      this.pos++;
    }
    return this.fail('unterminated string');
  }

  /** The character a backslash escape stands for (\n, \t, \r, \uXXXX, \xXX; any other is itself); pos is on the backslash. */
  escape(): string {
    const n = this.src[this.pos + 1] ?? '';
    this.pos += 2;
    if (n in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[n];
    if (n !== 'u' && n !== 'x') return n;
    const len = n === 'u' ? 4 : 2;
    const hex = this.src.slice(this.pos, this.pos + len);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) this.fail('bad escape');
    this.pos += len;
    return String.fromCharCode(parseInt(hex, 16));
  }

  number(): number {
    this.skip();
    const m = /^[-+]?(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(this.src.slice(this.pos));
    if (!m) this.fail('bad number');
    this.pos += m[0].length;
    return Number(m[0].replace(/_/g, ''));
  }

  nameOrCall(): unknown {
    this.skip();
    const m = /^[A-Za-z_][\w.]*/.exec(this.src.slice(this.pos))!;
    this.pos += m[0].length;
    const name = m[0];
    // String prefixes: u'…', r'…', b'…', f'…'
    if (/^[urbfURBF]{1,2}$/.test(name) && (this.src[this.pos] === "'" || this.src[this.pos] === '"')) return this.string();
    if (this.peek() !== '(') return name in CONSTANTS ? CONSTANTS[name] : name;
    // A call: positional and keyword arguments.
    this.expect('(');
    const args: unknown[] = [];
    const kwargs: Record<string, unknown> = {};
    while (this.peek() !== ')') {
      const save = this.pos;
      const kw = /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(this.src.slice(this.pos));
      if (kw) {
        this.pos = save + kw[0].length;
        kwargs[kw[1]] = this.value();
      } else args.push(this.value());
      if (this.peek() === ',') this.pos++;
      else break;
    }
    this.expect(')');
    return callValue(name, args, kwargs);
  }
}

const pad = (n: unknown, len = 2) => String(Number(n) || 0).padStart(len, '0');

/** A date (and time) as ISO text from datetime(y, m, d[, h, mi, s]) or date(y, m, d). */
function isoDate(base: string, args: unknown[]): string {
  const [y, mo, d, h, mi, s] = args;
  const day = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
  if (base === 'date' || args.length <= 3) return day;
  return `${day}T${pad(h)}:${pad(mi)}:${pad(s ?? 0)}`;
}

const ID_CALLS = new Set(['UUID', 'ObjectId', 'str']);
const NUMBER_CALLS = new Set(['Decimal', 'float', 'int']);

/** What a known constructor call stands for: UUID('x') → 'x', Decimal('1.5') → 1.5, datetime(…) → ISO text. */
function callValue(name: string, args: unknown[], kwargs: Record<string, unknown>): unknown {
  const base = name.split('.').pop() ?? name;
  if (ID_CALLS.has(base)) return String(args[0] ?? kwargs.hex ?? '');
  if (NUMBER_CALLS.has(base)) return Number(args[0]);
  if (base === 'datetime' || base === 'date') return isoDate(base, args);
  if (base === 'dict') return kwargs;
  if (args.length === 1 && Object.keys(kwargs).length === 0) return args[0];
  return args.length ? args : kwargs;
}

/** Parse a JSON or Python-literal string. Throws LiteralSyntaxError on anything else. */
export function parseLiteral(text: string): unknown {
  const r = new Reader(text);
  const v = r.value();
  r.skip();
  if (r.pos < text.length) r.fail('trailing text');
  return v;
}

/** parseLiteral that returns undefined instead of throwing. */
export function tryParseLiteral(text: string): unknown {
  try {
    return parseLiteral(text);
  } catch {
    return undefined;
  }
}

/**
 * The first balanced {...} or [...] in a text (only `open`'s kind when given), quotes of both kinds
 * respected; null when none closes.
 */
export function extractBalanced(text: string, open?: '{' | '['): string | null {
  const opener = open ? new RegExp(`\\${open}`, 'g') : /[{[]/g;
  for (let m = opener.exec(text); m; m = opener.exec(text)) {
    const stack: string[] = [];
    let quote: string | null = null;
    for (let i = m.index; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === '{') stack.push('}');
      else if (c === '[') stack.push(']');
      else if (c === '}' || c === ']') {
        if (stack.pop() !== c) break;
        if (stack.length === 0) return text.slice(m.index, i + 1);
      }
    }
  }
  return null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * Anything object-like → a plain object: an object as is; a JSON/Python-literal string; a string
 * with an object inside ("{'lead_id': UUID('…')} lead criado"); a list of those, merged.
 * Returns null when nothing object-like is found.
 */
export function parseObjectLoose(value: unknown): Record<string, unknown> | null {
  if (isPlainObject(value)) return value;
  if (Array.isArray(value)) {
    let merged: Record<string, unknown> | null = null;
    for (const item of value) {
      const o = parseObjectLoose(item);
      if (o) merged = { ...(merged ?? {}), ...o };
    }
    return merged;
  }
  if (typeof value !== 'string') return null;
  const s = stripCodeFence(value);
  const whole = tryParseLiteral(s);
  if (isPlainObject(whole)) return whole;
  if (Array.isArray(whole)) return parseObjectLoose(whole);
  const inner = extractBalanced(s, '{');
  if (inner) {
    const v = tryParseLiteral(inner);
    if (isPlainObject(v)) return v;
  }
  return null;
}

/** Remove a surrounding ```json … ``` fence. */
export function stripCodeFence(text: string): string {
  const m = /```(?:json|python|js)?\s*([\s\S]*?)```/i.exec(text);
  return (m ? m[1] : text).trim();
}

const ID_KEY = /(^id$|_id$)/;

/** Python-style repr of a payload, ids (`id`, `*_id`) written as UUID('…'): what Python tools print; parseLiteral reads it back. */
export function toPythonLiteral(value: unknown, key = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'string') {
    const q = `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
    return ID_KEY.test(key) ? `UUID(${q})` : q;
  }
  if (Array.isArray(value)) return `[${value.map((v) => toPythonLiteral(v)).join(', ')}]`;
  if (isPlainObject(value)) {
    return `{${Object.entries(value)
      .map(([k, v]) => `'${k}': ${toPythonLiteral(v, k)}`)
      .join(', ')}}`;
  }
  return `'${String(value)}'`;
}
