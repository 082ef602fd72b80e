// One narrated reply, rendered for each channel. Bots write a little markdown (**bold**, "- " lists, tables,
// links); WhatsApp shows its own marks instead (*bold*, _italic_, ~strike~, ```mono```) and no tables, Chatwoot
// and the web render markdown, and a channel without formatting gets plain text. Long replies are split at the
// channel's limit on paragraph boundaries. Parsed with marked's lexer, so nesting and escapes are real markdown.
import { Lexer, type Token, type Tokens } from 'marked';

export type ReplyFormat = 'whatsapp' | 'markdown' | 'plain';

/** WhatsApp's limit for a text message body (Cloud API `text.body`). */
export const WHATSAPP_TEXT_LIMIT = 4096;

interface Marks {
  bold(s: string): string;
  italic(s: string): string;
  strike(s: string): string;
  code(s: string): string;
  block(s: string): string;
  bullet: string;
}

const WHATSAPP: Marks = {
  bold: (s) => wrap('*', s),
  italic: (s) => wrap('_', s),
  strike: (s) => wrap('~', s),
  code: (s) => wrap('`', s),
  block: (s) => '```' + s + '```',
  bullet: '• ',
};

const PLAIN: Marks = { bold: (s) => s, italic: (s) => s, strike: (s) => s, code: (s) => s, block: (s) => s, bullet: '• ' };

/** WhatsApp marks only work hugging the text: "* x *" shows the asterisks, so spaces go outside. */
function wrap(mark: string, s: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(s)!;
  return m[2] ? `${m[1]}${mark}${m[2]}${mark}${m[3]}` : s;
}

/** The reply as the channel shows it. Markdown stays as written (Chatwoot and the web render it). */
export function renderReply(text: string, format: ReplyFormat): string {
  if (format === 'markdown') return text;
  const marks = format === 'whatsapp' ? WHATSAPP : PLAIN;
  const tokens = new Lexer({ gfm: true, breaks: true }).lex(text);
  return blocks(tokens, marks).join('\n\n').replace(/\n{3,}/g, '\n\n').trim();
}

function blocks(tokens: Token[], marks: Marks): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const s = block(t, marks);
    if (s !== null && s.trim()) out.push(s.replace(/\s+$/, ''));
  }
  return out;
}

function block(t: Token, marks: Marks): string | null {
  switch (t.type) {
    case 'space':
    case 'hr':
      return null;
    case 'paragraph':
    case 'text':
      return 'tokens' in t && t.tokens ? inline(t.tokens, marks) : (t as Tokens.Text).text;
    case 'heading':
      return marks.bold(inline((t as Tokens.Heading).tokens, marks));
    case 'list':
      return list(t as Tokens.List, marks);
    case 'blockquote':
      return blocks((t as Tokens.Blockquote).tokens, marks)
        .join('\n\n')
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
    case 'code':
      return marks.block((t as Tokens.Code).text);
    case 'table':
      return table(t as Tokens.Table, marks);
    case 'html':
      return (t as Tokens.HTML).text.replace(/<[^>]*>/g, '');
    default:
      return 'raw' in t && typeof t.raw === 'string' ? t.raw : null;
  }
}

function list(t: Tokens.List, marks: Marks, depth = 0): string {
  const start = typeof t.start === 'number' ? t.start : 1;
  return t.items
    .map((item, i) => {
      const lead = '   '.repeat(depth) + (t.ordered ? `${start + i}. ` : marks.bullet);
      const parts: string[] = [];
      for (const child of item.tokens) {
        if (child.type === 'list') parts.push(list(child as Tokens.List, marks, depth + 1));
        else {
          const s = block(child, marks);
          if (s?.trim()) parts.push(s);
        }
      }
      const [first = '', ...rest] = parts;
      return [lead + first, ...rest].join('\n');
    })
    .join('\n');
}

/** Tables have no WhatsApp form: one line per row, its cells joined, the header kept for a lone pair. */
function table(t: Tokens.Table, marks: Marks): string {
  const cell = (c: Tokens.TableCell) => inline(c.tokens, marks).trim();
  const header = t.header.map(cell);
  return t.rows
    .map((row) => {
      const cells = row.map(cell);
      if (cells.length === 2 && header.every(Boolean)) return `${marks.bullet}${cells[0]}: ${cells[1]}`;
      return marks.bullet + cells.filter(Boolean).join(' — ');
    })
    .join('\n');
}

function inline(tokens: Token[], marks: Marks): string {
  let out = '';
  for (const t of tokens) {
    switch (t.type) {
      case 'strong':
        out += marks.bold(inline((t as Tokens.Strong).tokens, marks));
        break;
      case 'em':
        out += marks.italic(inline((t as Tokens.Em).tokens, marks));
        break;
      case 'del':
        out += marks.strike(inline((t as Tokens.Del).tokens, marks));
        break;
      case 'codespan':
        out += marks.code((t as Tokens.Codespan).text);
        break;
      case 'br':
        out += '\n';
        break;
      case 'link':
        out += linkText(t as Tokens.Link, marks);
        break;
      case 'image':
        out += (t as Tokens.Image).href;
        break;
      case 'html':
        out += (t as Tokens.HTML).text.replace(/<[^>]*>/g, '');
        break;
      case 'escape':
        out += (t as Tokens.Escape).text;
        break;
      default:
        out += otherInline(t, marks);
    }
  }
  return out;
}

/** Links as text: WhatsApp makes a bare URL clickable, "[label](url)" would show as typed. */
function linkText(link: Tokens.Link, marks: Marks): string {
  const label = inline(link.tokens, marks).trim();
  return !label || label === link.href || `mailto:${label}` === link.href ? label || link.href : `${label} (${link.href})`;
}

/** Any other inline token: its children rendered, else its text. */
function otherInline(t: Token, marks: Marks): string {
  return 'tokens' in t && t.tokens ? inline(t.tokens, marks) : 'text' in t ? String(t.text) : '';
}

/**
 * Split a rendered reply into messages of at most `limit` characters (UTF-16 code units, as the providers count):
 * between paragraphs when one fits, else between lines, else between sentences, else between words; a single
 * word longer than the limit is cut between graphemes, so an emoji or an accented letter is never cut in two.
 */
export function splitReply(text: string, limit: number): string[] {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed ? [trimmed] : [];
  const out: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
  };
  for (const [piece, sep] of pieces(trimmed, limit)) {
    if (current && current.length + sep.length + piece.length > limit) flush();
    current = current ? current + sep + piece : piece;
  }
  flush();
  return out;
}

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters a segmenter reads at once; a window holding a single segment grows until it holds two. */
const SEGMENT_WINDOW = 256;

/**
 * The segments of `s`, read a window at a time. V8 copies a segmenter's whole input into every segment it yields,
 * so one pass over a long text costs its length times its segments; a window bounds that copy. Each window gives
 * all its segments but the last, which may go on past it and is read again at the start of the next window.
 */
function* segmentsOf(segmenter: Intl.Segmenter, s: string): Generator<string> {
  let start = 0;
  let size = SEGMENT_WINDOW;
  while (start < s.length) {
    const end = Math.min(s.length, start + size);
    const segments = Array.from(segmenter.segment(s.slice(start, end)), (x) => x.segment);
    if (end === s.length) return yield* segments;
    if (segments.length < 2) {
      size *= 2;
      continue;
    }
    segments.pop();
    for (const segment of segments) {
      start += segment.length;
      yield segment;
    }
    size = SEGMENT_WINDOW;
  }
}

/** Ways to cut a piece that is too long, coarsest first: each gives the parts and what joins them. */
const LEVELS: ((s: string) => { parts: string[]; joiner: string })[] = [
  (s) => ({ parts: s.split(/\n{2,}/), joiner: '\n\n' }),
  (s) => ({ parts: s.split(/\n/), joiner: '\n' }),
  (s) => ({ parts: [...segmentsOf(sentenceSegmenter, s)].map((x) => x.trimEnd()).filter(Boolean), joiner: ' ' }),
  (s) => ({ parts: s.split(/ +/), joiner: ' ' }),
];

/** The text cut into pieces that each fit, with the separator that joined each to the one before. */
function pieces(text: string, limit: number): [string, string][] {
  const out: [string, string][] = [];
  const cut = (s: string, level: number, sep: string) => {
    if (s.length <= limit) return void out.push([s, sep]);
    if (level === LEVELS.length) return graphemeChunks(s, limit).forEach((chunk, i) => out.push([chunk, i === 0 ? sep : '']));
    const { parts, joiner } = LEVELS[level](s);
    parts.forEach((part, i) => cut(part, level + 1, i === 0 ? sep : joiner));
  };
  cut(text, 0, '');
  return out;
}

/** A word longer than the limit, in chunks that end between graphemes (a lone grapheme over the limit: between code points). */
function graphemeChunks(s: string, limit: number): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const segment of segmentsOf(graphemeSegmenter, s)) {
    const units = segment.length > limit ? Array.from(segment) : [segment];
    for (const u of units) {
      if (chunk && chunk.length + u.length > limit) {
        chunks.push(chunk);
        chunk = '';
      }
      chunk += u;
    }
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}
