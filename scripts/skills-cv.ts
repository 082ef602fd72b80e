// npx tsx scripts/skills-cv.ts [bot…] [--folds 4] [--misses] — how many of each bot's own examples its built-in
// skill detector leaves to the bot, every example held out once (k folds, every k-th example of each intent): an
// example is lost when the skills call it out of scope, or a request for a person when its intent is not the bot's
// hand-over. The figure the out-of-scope bars are weighed against (docs/skills.md, "Measured").
import { join } from 'node:path';
import { readBotConfig } from '../src/bot/index.ts';
import { detectorInputs } from '../src/engine/understanding.ts';
import type { Language } from '../src/nlu/index.ts';
import { createSkillDetector, decideSkill } from '../src/skills/index.ts';
import { projectRoot } from '../src/paths.ts';

const argv = process.argv.slice(2);
const foldsAt = argv.indexOf('--folds');
const folds = foldsAt >= 0 ? Number(argv[foldsAt + 1]) : 4;
if (!(Number.isInteger(folds) && folds >= 2)) {
  console.error('skills-cv: --folds must be a whole number of at least 2');
  process.exit(2);
}
const bots = argv.filter((a, i) => !a.startsWith('-') && !(foldsAt >= 0 && i === foldsAt + 1));
const ids = bots.length ? bots : ['ct-smash', 'mini-crm', 'cloudinha', 'fashion-vn', 'la-formula'];

let keptAll = 0;
let totalAll = 0;
for (const id of ids) {
  const dir = join(projectRoot, 'bots', id);
  const config = readBotConfig(dir);
  const { options } = detectorInputs({ config, intents: config.intents, language: config.language.slice(0, 2) as Language, dir });
  if (!options) {
    console.log(`${id}: every skill is off`);
    continue;
  }
  // The bot's own hand-over intents: a request for a person there is no loss.
  const handover = new Set(Object.entries(config.intents).filter(([name, c]) => c.handoff || name === config.skills.human.intent).map(([name]) => name));
  const lost: string[] = [];
  let total = 0;
  for (let fold = 0; fold < folds; fold++) {
    const train = Object.fromEntries(Object.entries(options.domain).map(([intent, texts]) => [intent, texts.filter((_, i) => i % folds !== fold)]));
    const detector = createSkillDetector({ ...options, domain: train });
    for (const [intent, texts] of Object.entries(options.domain)) {
      for (const text of texts.filter((_, i) => i % folds === fold)) {
        total++;
        const reading = detector.read(text);
        const verdict = reading && decideSkill(reading);
        if (verdict?.kind === 'out_of_scope' || (verdict?.kind === 'human' && !handover.has(intent))) lost.push(`${verdict.kind} ← ${intent}: ${text}`);
      }
    }
  }
  keptAll += total - lost.length;
  totalAll += total;
  console.log(`${id}: ${total - lost.length}/${total} kept`);
  if (argv.includes('--misses')) for (const line of lost) console.log(`  ${line}`);
}
console.log(`all: ${keptAll}/${totalAll} kept`);
