// Counting the work a text processor does, for linearity tests that cannot be fooled by a loaded machine: while
// `countWork` runs, every string and regex built-in it calls adds the characters it is handed (a regex search
// the span it scanned, a slice the length it copied, a fold or case change its input). A processor that
// re-reads the rest of the message for each word counts n² characters; one that reads each part once counts n.
// A search whose pattern opens with a repeated class (`\S*x`, `[a-z]+@`) and no anchor reads, at each place it
// tries, the whole run of that class before it backtracks: it is counted so (`leadingRuns`). Other work inside a
// single regex search (backtracking) is not seen here; a pattern that starts with a repeated class is anchored
// where a run of that class starts (see EMAIL in src/nlu/entities/contacts.ts).
import { fill, hostileShapes } from './hostile.ts';

/** The hostile shapes of a message (src/bench/hostile.ts), and commas between words, at `n` characters. */
export const HOSTILE_SHAPES: Record<string, (n: number) => string> = {
  ...hostileShapes('quero marcar uma aula amanhã às 19h,'),
  'commas and words': (n) => fill('ok, ', n),
};

export { fill };

type Method = (this: unknown, ...args: unknown[]) => unknown;

let work = 0;
let depth = 0;

const len = (x: unknown) => (typeof x === 'string' ? x.length : 0);

/** What each patched built-in costs, from its receiver, arguments and result. */
const STRING_COSTS: Record<string, (self: string, args: unknown[], out: unknown) => number> = {
  slice: (_s, _a, out) => len(out),
  substring: (_s, _a, out) => len(out),
  substr: (_s, _a, out) => len(out),
  normalize: (s) => s.length,
  toLowerCase: (s) => s.length,
  toUpperCase: (s) => s.length,
  toLocaleLowerCase: (s) => s.length,
  trim: (s) => s.length,
  trimStart: (s) => s.length,
  trimEnd: (s) => s.length,
  padEnd: (_s, _a, out) => len(out),
  padStart: (_s, _a, out) => len(out),
  repeat: (_s, _a, out) => len(out),
  concat: (_s, _a, out) => len(out),
  includes: (s, a) => s.length - Number(a[1] ?? 0),
  // A search stops where it finds what it looks for.
  indexOf: (s, a, out) => (typeof out === 'number' && out >= 0 ? out + len(a[0]) : s.length) - Number(a[1] ?? 0),
  lastIndexOf: (s) => s.length,
  startsWith: (_s, a) => len(a[0]),
  endsWith: (_s, a) => len(a[0]),
  localeCompare: (s, a) => Math.min(s.length, len(a[0])),
  // With a string pattern these scan the receiver; with a regex the regex's exec is counted instead.
  split: (s, a) => (typeof a[0] === 'string' ? s.length : 0),
  replace: (s, a) => (typeof a[0] === 'string' ? s.length : 0),
  replaceAll: (s, a) => (typeof a[0] === 'string' ? s.length : 0),
};

function regexExecCost(re: RegExp, input: string, out: RegExpExecArray | null, from: number): number {
  // A sticky search reads where it stands; any other reads from where it starts to the end of its match (or of the input).
  const end = out ? out.index + Math.max(out[0].length, 1) : re.sticky ? from + 1 : input.length;
  const start = re.global || re.sticky ? from : 0;
  return Math.max(1, end - start) + (re.sticky ? 0 : leadingRunsCost(re, input, start, out ? out.index : end));
}

/** Top-level alternatives of a pattern's source (a `|` outside classes and groups). */
function alternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let last = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(rawSlice.call(source, last, i));
      last = i + 1;
    }
  }
  out.push(rawSlice.call(source, last));
  return out;
}

/** An alternative's opening atom when it is repeated without bound (`\S*`, `[\p{L}.]+`, `a{2,}`); null otherwise. */
const LEADING_RUN = /^(\\[pP]\{[^}]*\}|\\.|\[(?:\\.|[^\]\\])*\]|\.|[^\\()[\]{}|^$?*+])(?:[*+]|\{\d+,\})/u;

const runPatterns = new Map<string, RegExp[]>();
// The built-ins as they are before `countWork` patches them: the cost model's own reading is not the processor's.
const rawExec = RegExp.prototype.exec;
const rawSlice = String.prototype.slice;

/** The opening repeated atoms of `re`'s unanchored alternatives, each as a sticky one-character test. */
function leadingRuns(re: RegExp): RegExp[] {
  const key = `${re.source}/${re.flags}`;
  let runs = runPatterns.get(key);
  if (!runs) {
    const flags = [...re.flags].filter((f) => f !== 'g' && f !== 'y').join('') + 'y';
    runs = alternatives(re.source).flatMap((alt) => {
      const m = rawExec.call(LEADING_RUN, alt);
      return m ? [new RegExp(m[1], flags)] : [];
    });
    runPatterns.set(key, runs);
  }
  return runs;
}

/**
 * What the tries of an unanchored pattern that opens with a repeated class cost from `start` to `end`: at each
 * place, the run of that class from there (a try reads it all before it backtracks). 0 for any other pattern.
 */
function leadingRunsCost(re: RegExp, input: string, start: number, end: number): number {
  const runs = leadingRuns(re);
  if (!runs.length || end <= start) return 0;
  const at = (atom: RegExp, i: number) => ((atom.lastIndex = i), rawExec.call(atom, input) !== null);
  let total = 0;
  for (const atom of runs) {
    // The run from each place, read backwards from the end: one test per character.
    let run = 0;
    let limit = end;
    while (limit < input.length && at(atom, limit)) limit++;
    for (let i = limit - 1; i >= start; i--) {
      run = at(atom, i) ? run + 1 : 0;
      if (i < end) total += run;
    }
  }
  return total;
}

/** Run `fn` and return how many characters the string and regex built-ins it called were handed. */
export function countWork(fn: () => unknown): number {
  const restore: (() => void)[] = [];
  const patch = (proto: object, name: string, wrap: (orig: Method) => Method) => {
    const orig = (proto as Record<string, Method>)[name];
    if (typeof orig !== 'function') return;
    Object.defineProperty(proto, name, { value: wrap(orig), configurable: true, writable: true });
    restore.push(() => Object.defineProperty(proto, name, { value: orig, configurable: true, writable: true }));
  };
  // Counted only at the outermost call: a built-in that calls another (replace → exec) is not counted twice.
  const counted = (orig: Method, cost: (self: unknown, args: unknown[], out: unknown, from: number) => number): Method =>
    function (this: unknown, ...args: unknown[]) {
      const from = this instanceof RegExp ? this.lastIndex : 0;
      depth++;
      let out: unknown;
      try {
        out = orig.apply(this, args);
      } finally {
        depth--;
      }
      if (depth === 0) work += cost(this, args, out, from);
      return out;
    };
  for (const [name, cost] of Object.entries(STRING_COSTS)) patch(String.prototype, name, (orig) => counted(orig, (self, args, out) => cost(String(self), args, out)));
  patch(RegExp.prototype, 'exec', (orig) =>
    function (this: unknown, input: unknown) {
      const re = this as RegExp;
      const from = re.lastIndex;
      const out = orig.call(re, input) as RegExpExecArray | null;
      work += regexExecCost(re, String(input), out, from);
      return out;
    },
  );
  // Once exec is patched the other regex built-ins go through it; the top-level string calls stay uncounted then.
  const before = work;
  try {
    fn();
    return work - before;
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

export interface Growth {
  shape: string;
  small: number;
  large: number;
  /** Work at `large` characters ÷ work at `small`: ~4 for a linear processor from 1,000 to 4,000. */
  ratio: number;
}

/** Work at 1,000 and 4,000 characters of each hostile shape (or `shapes`) run through `process`. */
export function growthOf(process: (text: string) => unknown, shapes: Record<string, (n: number) => string> = HOSTILE_SHAPES, small = 1000, large = 4000): Growth[] {
  return Object.entries(shapes).map(([shape, make]) => {
    const a = make(small);
    const b = make(large);
    process(a); // warm: lazily built tables are not the message's work
    const ws = countWork(() => process(a));
    const wl = countWork(() => process(b));
    return { shape, small: ws, large: wl, ratio: wl / Math.max(ws, 1) };
  });
}

/** The shapes whose work grows faster than `limit` × from `small` to `large` characters (4.5: linear with slack). */
export function superLinear(growth: Growth[], limit = 4.5): Growth[] {
  return growth.filter((g) => g.ratio > limit);
}
