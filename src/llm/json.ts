// Tolerant JSON extraction from model text: code fences, prose around the object, trailing commas,
// and Python-literal spellings (single quotes, True/None, UUID('…')) that some models answer with.
import { extractBalanced, parseLiteral, stripCodeFence } from './literal.ts';

/** Parses the first JSON object or array found in `text`. Throws SyntaxError when there is none. */
export function parseJsonLoose(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // fall through to the tolerant path
  }
  const candidate = extractBalanced(stripCodeFence(trimmed));
  if (candidate === null) throw new SyntaxError('no JSON object or array in the model output');
  return parseLiteral(candidate);
}

/** parseJsonLoose that returns undefined instead of throwing. */
export function tryParseJsonLoose(text: string): unknown {
  try {
    return parseJsonLoose(text);
  } catch {
    return undefined;
  }
}
