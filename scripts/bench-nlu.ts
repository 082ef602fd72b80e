// npx tsx scripts/bench-nlu.ts [dataset…] [--no-nlpjs] [--shots K] — local understanding vs NLP.js on every
// dataset in ../shared/nlu (or NLU_DATA_DIR), trained on the whole training file and on K lines per intent
// (default 10, averaged over three draws; --shots 0 skips it); prints a table and writes reports/nlu-bench.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchNlu, formatBench } from '../src/nlu/index.ts';

process.env.NODE_ENV = 'production'; // silences NLP.js
const argv = process.argv.slice(2);
const shotsAt = argv.indexOf('--shots');
const shots = shotsAt >= 0 ? Number(argv[shotsAt + 1]) : undefined;
if (shots !== undefined && !(Number.isInteger(shots) && shots >= 0)) {
  console.error('bench-nlu: --shots must be a whole number');
  process.exit(2);
}
const datasets = argv.filter((a, i) => !a.startsWith('-') && !(shotsAt >= 0 && i === shotsAt + 1));
const report = await benchNlu({
  datasets: datasets.length ? datasets : undefined,
  nlpjs: !argv.includes('--no-nlpjs'),
  shots,
  log: (m) => process.stderr.write(m + '\n'),
});
console.log(formatBench(report));
mkdirSync('reports', { recursive: true });
const out = join('reports', 'nlu-bench.json');
writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
console.log(`\nwritten ${out}`);
