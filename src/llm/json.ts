// Tolerant JSON extraction from model text: code fences, prose around the object, trailing commas.

/** Parses the first JSON object or array found in `text`. Throws SyntaxError when there is none. */
export function parseJsonLoose(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // fall through to the tolerant path
  }
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(trimmed);
  const body = fenced ? fenced[1] : trimmed;
  const candidate = firstBalanced(body);
  if (candidate === null) throw new SyntaxError('no JSON object or array in the model output');
  try {
    return JSON.parse(candidate);
  } catch {
    return JSON.parse(withoutTrailingCommas(candidate));
  }
}

/** The first balanced {...} or [...] span, string-aware; null when none closes. */
function firstBalanced(text: string): string | null {
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return null;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

function withoutTrailingCommas(json: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (inString) {
      out += ch;
      if (ch === '\\') out += json[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ',') {
      const rest = json.slice(i + 1).trimStart();
      if (rest.startsWith('}') || rest.startsWith(']')) continue;
    }
    out += ch;
  }
  return out;
}
