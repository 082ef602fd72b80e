// npx tsx scripts/edge-own-probes.ts [bot…] [--set developed|fresh|fourth|fourthFresh|seventhDev|eighthDev|ninthDev|tenthDev|eleventhDev|twelfthDev|thirteenthDev] [--fresh]
// [--misses] — the skills' own edge probes (test/data/edge-own-probes*.yaml; --fresh is --set fresh) through each reference bot's real
// understanding: right out of all per expected outcome, and with --misses each probe that went wrong and where it went.
import { OWN_PROBES_FILES, ownProbes, playOwnProbes, tally, type OwnProbesSet } from '../test/support/own-probes.ts';

const argv = process.argv.slice(2);
const setAt = argv.indexOf('--set');
const set = (setAt >= 0 ? argv[setAt + 1] : argv.includes('--fresh') ? 'fresh' : 'developed') as OwnProbesSet;
if (!(set in OWN_PROBES_FILES)) throw new Error(`no probe set ${set}: ${Object.keys(OWN_PROBES_FILES).join(', ')}`);
const all = ownProbes(set);
const bots = argv.filter((a, i) => !a.startsWith('-') && argv[i - 1] !== '--set');
for (const bot of bots.length ? bots : Object.keys(all)) {
  const results = await playOwnProbes(bot, all[bot]);
  const t = tally(results);
  console.log(`${bot}: off-domain ${t.out_of_scope}, person ${t.human}, in-domain ${t.bot}`);
  if (argv.includes('--misses')) for (const r of results.filter((x) => !x.right)) console.log(`  ✗ [${r.kind}] ${r.text} → ${r.mode} ${r.intents.join('+')}`);
}
