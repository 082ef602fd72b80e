// npx tsx scripts/skills-probe.ts <bot> [message…] — the skill detector's reading of messages (stdin lines when none
// are given) and the skill decided: best class, domain and foreign words, passer-by reading. For looking at misses.
import { join } from 'node:path';
import { readBotConfig } from '../src/bot/index.ts';
import { detectorInputs } from '../src/engine/understanding.ts';
import type { Language } from '../src/nlu/index.ts';
import { createSkillDetector, decideSkill } from '../src/skills/index.ts';
import { projectRoot } from '../src/paths.ts';
import { existsSync, readFileSync } from 'node:fs';

const [id, ...args] = process.argv.slice(2);
// A reference bot (bots/) or an example bot (examples/).
const dir = existsSync(join(projectRoot, 'bots', id)) ? join(projectRoot, 'bots', id) : join(projectRoot, 'examples', id);
const config = readBotConfig(dir);
const { options } = detectorInputs({ config, intents: config.intents, language: config.language.slice(0, 2) as Language, dir });
if (!options) throw new Error(`${id}: every skill is off`);
const detector = createSkillDetector(options);
const messages = args.length ? args : readFileSync(0, 'utf8').split('\n').filter((l) => l.trim());
const pct = (x: number) => x.toFixed(2);
for (const m of messages) {
  const r = detector.read(m);
  if (!r) continue;
  const v = decideSkill(r);
  const top = r.scores.slice(0, 3).map((s) => `${s.id}:${pct(s.confidence)}`).join(' ');
  const pb = r.passerBy ? ` passerBy oos:${pct(r.passerBy.find((s) => s.id === 'out_of_scope')?.confidence ?? 0)}` : '';
  console.log(`${v ? v.kind.padEnd(12) : 'bot'.padEnd(12)} ${m}\n    ${top} dom=[${r.domainWords}]${r.strongDomainWord ? '!' : ''} off=[${r.offTopicWords}] foreign=[${r.foreignWords}] things=[${r.thingWords}] elsewhere=[${r.elsewhere}] value=${r.hasValue}${r.personRequest ? " frame" : ""}${r.role ? " role" : ""}${pb}`);
}
