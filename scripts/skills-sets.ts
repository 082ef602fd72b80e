// npx tsx scripts/skills-sets.ts [bot…] [--sets 1,2,3,4,5] [--misses] — the skill detector alone (without the bot's
// own routing) on the edge sets of test/fixtures: off-domain messages called out of scope, requests for a person
// called `human`, in-domain messages left to the bot. Faster than the HTTP tests, for weighing a change to the
// detector; the HTTP tests (test/skills*.test.ts) give the figures the docs report.
import { join } from 'node:path';
import { readBotConfig } from '../src/bot/index.ts';
import { detectorInputs } from '../src/engine/understanding.ts';
import type { Language } from '../src/nlu/index.ts';
import { createSkillDetector, decideSkill } from '../src/skills/index.ts';
import { projectRoot } from '../src/paths.ts';
import { EDGE } from '../test/fixtures/edge-messages.ts';
import { HELD_OUT } from '../test/fixtures/edge-messages-heldout.ts';
import { EDGE_3 } from '../test/fixtures/edge-messages-3.ts';
import { EDGE_4 } from '../test/fixtures/edge-messages-4.ts';
import { EDGE_5 } from '../test/fixtures/edge-messages-5.ts';
import { EDGE_6 } from '../test/fixtures/edge-messages-6.ts';

const argv = process.argv.slice(2);
const setsAt = argv.indexOf('--sets');
const wanted = (setsAt >= 0 ? argv[setsAt + 1] : '1,2,3,4,5').split(',');
const bots = argv.filter((a, i) => !a.startsWith('-') && !(setsAt >= 0 && i === setsAt + 1));
const ids = bots.length ? bots : ['ct-smash', 'mini-crm', 'cloudinha', 'fashion-vn', 'la-formula'];
const lang = { 'ct-smash': 'pt', 'mini-crm': 'pt', cloudinha: 'pt', 'fashion-vn': 'vi', 'la-formula': 'es' } as const;

type Set = { offDomain: string[]; person: string[]; inDomain?: string[] };
const sets = (id: keyof typeof lang): Record<string, Set> => ({
  '1': EDGE[lang[id]],
  '2': HELD_OUT[id],
  '3': EDGE_3[id],
  '4': EDGE_4[id],
  '5': EDGE_5[id],
  '6': EDGE_6[id],
});

const total = { off: [0, 0], person: [0, 0], in: [0, 0] };
for (const id of ids as (keyof typeof lang)[]) {
  const dir = join(projectRoot, 'bots', id);
  const config = readBotConfig(dir);
  const { options } = detectorInputs({ config, intents: config.intents, language: config.language.slice(0, 2) as Language, dir });
  if (!options) continue;
  const detector = createSkillDetector(options);
  const kind = (m: string) => {
    const r = detector.read(m);
    return (r && decideSkill(r)?.kind) ?? 'bot';
  };
  const row = { off: [0, 0], person: [0, 0], in: [0, 0] };
  const missed: string[] = [];
  for (const s of wanted) {
    const set = sets(id)[s];
    if (!set) continue;
    for (const m of set.offDomain) {
      const k = kind(m);
      row.off[1]++;
      if (k === 'out_of_scope') row.off[0]++;
      else missed.push(`  ${s} off→${k}: ${m}`);
    }
    for (const m of set.person) {
      const k = kind(m);
      row.person[1]++;
      if (k === 'human') row.person[0]++;
      else missed.push(`  ${s} person→${k}: ${m}`);
    }
    for (const m of set.inDomain ?? []) {
      const k = kind(m);
      row.in[1]++;
      if (k !== 'out_of_scope' && k !== 'human') row.in[0]++;
      else missed.push(`  ${s} in→${k}: ${m}`);
    }
  }
  for (const k of ['off', 'person', 'in'] as const) {
    total[k][0] += row[k][0];
    total[k][1] += row[k][1];
  }
  console.log(`${id}: off ${row.off.join('/')} person ${row.person.join('/')} in ${row.in.join('/')}`);
  if (argv.includes('--misses')) for (const l of missed) console.log(l);
}
console.log(`all: off ${total.off.join('/')} person ${total.person.join('/')} in ${total.in.join('/')}`);
