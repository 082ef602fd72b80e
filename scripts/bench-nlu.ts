// npx tsx scripts/bench-nlu.ts [dataset…] — local understanding vs NLP.js on every dataset in
// ../shared/nlu (or NLU_DATA_DIR); prints a table and writes reports/nlu-bench.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchNlu, formatBench } from '../src/nlu/index.ts';

process.env.NODE_ENV = 'production'; // silences NLP.js
const datasets = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const report = await benchNlu({
  datasets: datasets.length ? datasets : undefined,
  nlpjs: !process.argv.includes('--no-nlpjs'),
  log: (m) => process.stderr.write(m + '\n'),
});
console.log(formatBench(report));
mkdirSync('reports', { recursive: true });
const out = join('reports', 'nlu-bench.json');
writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
console.log(`\nwritten ${out}`);
