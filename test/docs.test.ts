// docs/writing-a-bot.md's bot.yaml reference says "Every key, with its default. Keys not listed here are errors."
// Each of its key tables must list exactly the keys of the schema it documents: a key added to the schema
// without a row, or a row left behind by a removed key, fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botConfigSchema, handoffSchema, intentSchema, understandingSchema } from '../src/bot/config.ts';
import { formSchema, slotSchema, slotValidationSchema } from '../src/forms/schema.ts';
import { skillsSchema } from '../src/skills/config.ts';
import { tableColumnSchema, tableLoadSchema } from '../src/catalogue/table-load-schema.ts';
import { intentSearchObjectSchema } from '../src/catalogue/intent-search-schema.ts';
import { projectRoot } from '../src/paths.ts';

const doc = readFileSync(join(projectRoot, 'docs', 'writing-a-bot.md'), 'utf8').split('\n');

/** The keys in the first column of the first table after the line that starts with `marker`. */
function tableKeys(marker: string): string[] {
  const start = doc.findIndex((line) => line.startsWith(marker));
  expect(start, `docs/writing-a-bot.md has a line starting with ${marker}`).toBeGreaterThanOrEqual(0);
  let i = start + 1;
  while (i < doc.length && !doc[i].startsWith('|')) i++;
  const keys: string[] = [];
  for (i += 2; i < doc.length && doc[i].startsWith('|'); i++) {
    const first = doc[i].split('|')[1];
    keys.push(...[...first.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  }
  return keys.sort();
}

const keysOf = (shape: object) => Object.keys(shape).sort();

describe('docs/writing-a-bot.md lists every bot.yaml key', () => {
  it('top level, understanding, intents, handoff', () => {
    expect(tableKeys('Every key, with its default.')).toEqual(keysOf(botConfigSchema.shape));
    expect(tableKeys('`understanding`:')).toEqual(keysOf(understandingSchema.shape));
    expect(tableKeys('`intents.<id>`:')).toEqual(keysOf(intentSchema.shape));
    expect(tableKeys('`handoff`:')).toEqual(keysOf(handoffSchema.shape));
    expect(tableKeys('### An intent answered by a search')).toEqual(keysOf(intentSearchObjectSchema.shape));
  });

  it('skills, forms and slots', () => {
    const skills = skillsSchema.def.innerType.shape;
    expect(tableKeys('`skills` (each of')).toEqual(keysOf({ ...skills.human.def.innerType.shape, ...skills.smalltalk.def.innerType.shape }));
    expect(tableKeys('## Forms')).toEqual(keysOf(formSchema.shape));
    const slotKeys = Object.keys(slotSchema.shape).filter((k) => k !== 'validate');
    expect(tableKeys('Slots:')).toEqual([...slotKeys, ...Object.keys(slotValidationSchema.shape).map((k) => `validate.${k}`)].sort());
  });

  it('tables and their columns', () => {
    expect(tableKeys('`tables.<name>`')).toEqual(keysOf(tableLoadSchema.shape));
    expect(tableKeys('A column says where its value comes from')).toEqual(keysOf(tableColumnSchema.shape));
  });
});
