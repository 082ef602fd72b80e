// Readable bot.yaml errors: each issue with its path, and for an unknown key the nearest valid one
// (`handof` → did you mean `handoff`?).
import type { z } from 'zod';
import { editDistance } from '../nlu/edit-distance.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}

/** A bot that cannot load: its bot.yaml, its knowledge folder or its code, with what to do. */
export class BotConfigError extends Error {}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object keys a schema allows at a path (e.g. ['understanding'] → mode, threshold…). */
function keysAt(schema: z.ZodType, path: PropertyKey[]): string[] {
  let node: z.ZodType | undefined = schema;
  const unwrap = (s: z.ZodType): z.ZodType => {
    const d = defOf(s);
    if ((d.type === 'default' || d.type === 'optional' || d.type === 'nullable' || d.type === 'prefault') && d.innerType) return unwrap(d.innerType);
    if (d.type === 'pipe' && d.in) return unwrap(d.in);
    return s;
  };
  for (const seg of path) {
    if (!node) return [];
    const d = defOf(unwrap(node));
    if (d.type === 'object') node = d.shape?.[String(seg)];
    else if (d.type === 'record') node = d.valueType;
    else if (d.type === 'array') node = d.element;
    else return [];
  }
  if (!node) return [];
  const d = defOf(unwrap(node));
  return d.type === 'object' ? Object.keys(d.shape ?? {}) : [];
}

/** The valid key closest to a typo, when it is close enough to be what was meant. */
function nearestKey(key: string, valid: string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[_-]/g, '');
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const v of valid) {
    const d = editDistance(norm(key), norm(v));
    if (d < bestDistance) [best, bestDistance] = [v, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

export interface ConfigProblem {
  /** Dotted path in the file ('understanding.multiIntent', 'forms.booking.slots.data.kind'). */
  path: string;
  message: string;
}

/** zod issues as problems a person can act on. */
export function describeIssues(schema: z.ZodType, issues: z.core.$ZodIssue[]): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  for (const issue of issues) {
    const where = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const valid = keysAt(schema, issue.path);
      for (const key of issue.keys) {
        const near = nearestKey(key, valid);
        const path = where ? `${where}.${key}` : key;
        out.push({ path, message: `unknown key '${key}'${near ? ` — did you mean '${near}'?` : ''}${valid.length ? ` (valid here: ${valid.join(', ')})` : ''}` });
      }
    } else {
      out.push({ path: where || '(root)', message: issue.message });
    }
  }
  return out;
}
