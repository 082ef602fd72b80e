// What bot.yaml asks of the bot's code — validators, predicates, slot readers — when the bot has no code at all.
// Loading refuses such a bot (`validate.use names 'x', which the bot's index.ts does not export`); `switchboard
// check`, which does not load code, says it before anything runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BotConfig } from './config.ts';
import { predicateUses, type Path } from './refine-schema.ts';

interface CodeName {
  field: string;
  hook: 'validators' | 'predicates' | 'extractors' | 'slotReaders';
  name: string;
}

const dotted = (path: Path): string => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');

/** Every name of the bot's code that bot.yaml uses, with where. */
function codeNames(config: BotConfig): CodeName[] {
  const out: CodeName[] = [];
  for (const [id, form] of Object.entries(config.forms)) {
    if (form.extract) out.push({ field: `forms.${id}.extract`, hook: 'extractors', name: form.extract });
    for (const [slot, s] of Object.entries(form.slots)) {
      if (s.validate?.use) out.push({ field: `forms.${id}.slots.${slot}.validate.use`, hook: 'validators', name: s.validate.use });
      if (s.reader) out.push({ field: `forms.${id}.slots.${slot}.reader`, hook: 'slotReaders', name: s.reader });
    }
  }
  const rules = [...predicateUses(config.understanding.refine, ['understanding', 'refine']), ...predicateUses(config.routing?.rules ?? [], ['routing', 'rules'])];
  for (const { name, path } of rules) out.push({ field: dotted(path), hook: 'predicates', name });
  return out;
}

/** The code names bot.yaml uses, as errors, when the bot folder has no index.ts to give them. */
export function missingCode(dir: string, config: BotConfig): { level: 'error'; file: string; field: string; message: string }[] {
  if (existsSync(join(dir, 'index.ts'))) return [];
  return codeNames(config).map(({ field, hook, name }) => ({
    level: 'error',
    file: 'bot.yaml',
    field,
    message: `names '${name}', which only code gives, and the bot has no index.ts: add one exporting defineBot({ specialists: {}, ${hook}: { ${name} } }) (docs/how-to/code.md), or remove it`,
  }));
}
