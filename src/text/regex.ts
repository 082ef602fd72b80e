// Whether a regular expression a bot's author wrote (bot.yaml entities, greetings, guardrails) is safe to run on a
// customer's message. JavaScript's engine backtracks: a repetition inside a repetition, `(\w+\s?)+@`, tries
// exponentially many ways to split a run of letters that does not end as the pattern wants, and a match is one
// synchronous call that no budget can interrupt, so 30 letters would stop the whole process. Such a pattern is
// refused when the bot loads, with the reason.

/** Why `pattern` cannot be a bot's regex (compiled with `flags`), or undefined when it can. */
export function regexProblem(pattern: string, flags = 'iu'): string | undefined {
  try {
    new RegExp(pattern, flags);
  } catch {
    return 'not a valid regular expression';
  }
  return nestedRepetition(pattern) ? 'a repetition inside a repetition, e.g. (\\w+\\s?)+, can take exponential time on a message that almost matches: repeat the group once, e.g. \\w+(?:\\s\\w+)*' : undefined;
}

/** An atom or a group of a pattern, with how often it may repeat. */
interface Node {
  min: number;
  max: number;
  /** A group's alternatives, each a sequence of nodes; none for a single atom (a character, a class, an escape). */
  alts?: Node[][];
}

/**
 * Whether a (valid) pattern repeats a group that holds an unbounded repetition and can match without any fixed
 * part: `(\w+\s?)+` can split a run of letters in exponentially many ways, `(?:\s\w+)*` cannot (each turn starts
 * with a space). Linear in the pattern.
 */
function nestedRepetition(source: string): boolean {
  let i = 0;
  let risky = false;
  const sequence = (): Node[][] => {
    const alts: Node[][] = [[]];
    while (i < source.length && source[i] !== ')') {
      const c = source[i];
      if (c === '|') {
        alts.push([]);
        i++;
        continue;
      }
      const node = atom();
      const q = quantifierAt(source, i);
      i += q.length;
      Object.assign(node, { min: q.min, max: q.max });
      if (node.alts && node.max > 1 && hasUnbounded(node.alts) && !node.alts.every(hasFixedPart)) risky = true;
      alts[alts.length - 1].push(node);
    }
    return alts;
  };
  const atom = (): Node => {
    const c = source[i];
    if (c === '(') {
      i = groupBodyStart(source, i);
      const alts = sequence();
      i++; // the closing parenthesis
      return { min: 1, max: 1, alts };
    }
    i = (c === '\\' ? i + 1 : c === '[' ? classEnd(source, i) : i) + 1;
    return { min: 1, max: 1 };
  };
  sequence();
  return risky;
}

/** Some node of the alternatives repeats without bound. */
const hasUnbounded = (alts: Node[][]): boolean => alts.some((seq) => seq.some((n) => n.max === Infinity || (n.alts !== undefined && hasUnbounded(n.alts))));

/** The sequence must match a part that does not repeat without bound (a separator): each turn of its group is pinned by it. */
const hasFixedPart = (seq: Node[]): boolean => seq.some((n) => n.min >= 1 && n.max !== Infinity && (n.alts === undefined || n.alts.every(hasFixedPart)));

/** The index of the `]` closing the class opened at `open`. */
function classEnd(source: string, open: number): number {
  let i = open + 1;
  if (source[i] === ']') i++;
  for (; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
  return i;
}

/** Where the body of the group opened at `open` starts: after `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`. */
function groupBodyStart(source: string, open: number): number {
  if (source[open + 1] !== '?') return open + 1;
  if (source[open + 2] === '<' && source[open + 3] !== '=' && source[open + 3] !== '!') return source.indexOf('>', open) + 1;
  return open + (source[open + 2] === '<' ? 4 : 3);
}

/** The quantifier at `i` (with its lazy `?`): how many characters it takes and the repetitions it allows. */
function quantifierAt(source: string, i: number): { length: number; min: number; max: number } {
  const c = source[i];
  const lazy = (n: number) => (source[i + n] === '?' ? n + 1 : n);
  if (c === '*') return { length: lazy(1), min: 0, max: Infinity };
  if (c === '+') return { length: lazy(1), min: 1, max: Infinity };
  if (c === '?') return { length: lazy(1), min: 0, max: 1 };
  const braces = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24)) : null;
  if (!braces) return { length: 0, min: 1, max: 1 };
  const min = Number(braces[1]);
  const max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
  return { length: lazy(braces[0].length), min, max };
}
