// npx tsx scripts/edge-own-probes.ts [bot…] [--fresh] [--misses] — the skills' own edge probes (test/data/edge-own-probes.yaml)
// (--fresh: edge-own-probes-fresh.yaml) through each reference bot's real understanding: right out of all per expected outcome, and with --misses each
// probe that went wrong and where it went.
import { ownProbes, playOwnProbes, tally } from '../test/support/own-probes.ts';

const argv = process.argv.slice(2);
const all = ownProbes(argv.includes('--fresh') ? 'fresh' : 'developed');
const bots = argv.filter((a) => !a.startsWith('-'));
for (const bot of bots.length ? bots : Object.keys(all)) {
  const results = await playOwnProbes(bot, all[bot]);
  const t = tally(results);
  console.log(`${bot}: off-domain ${t.out_of_scope}, person ${t.human}, in-domain ${t.bot}`);
  if (argv.includes('--misses')) for (const r of results.filter((x) => !x.right)) console.log(`  ✗ [${r.kind}] ${r.text} → ${r.mode} ${r.intents.join('+')}`);
}
