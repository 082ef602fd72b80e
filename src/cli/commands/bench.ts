// switchboard bench [--quick] [--bots a,b] [--skip part,…] [--only part,…] [--reports DIR] [--json]
// Measures latency, throughput, memory, understanding and start-up in one run; writes reports/bench-latest.*.
import { resolve } from 'node:path';
import { commandArgs } from '../args.ts';
import { formatBench, runBench, writeBenchReports } from '../../bench/index.ts';

const USAGE = `Usage: switchboard bench [options]

Measures, in one run on this machine: turn latency per bot (in process and over HTTP, on PGlite and on
Postgres when reachable); for ct-smash, paired with the same-work floor (the bare graph of its shape plus
the statements a durable turn needs, in process and behind the same Fastify setup) and, on Postgres, with
the peer a user would build instead (LangGraph.js + PostgresSaver + Fastify); throughput of all three at
20 concurrent conversations; memory per 1,000 idle sessions; local understanding vs NLP.js; start-up time
on a fresh and an existing data directory; each bot's turn on hostile messages of 1,000 and 4,000
characters (runs of one character, commas, digits, short words, accented words, URLs, a request repeated)
against its ordinary message (adversarial); ct-smash's cost per message with meaning from an embedding model
(the fake provider server, OpenAI and Ollama protocols) beside local understanding alone (embeddings). Prints a table and writes reports/bench-latest.json and .html.

Options:
  --quick            fewer iterations (about a minute)
  --bots a,b         only these bots (default: every bot with a conversations.yaml)
  --skip a,b         skip parts: floors, turns, postgres, peer, throughput, memory, nlu, startup, cost, growth, adversarial, embeddings
  --only a,b         run only these parts (e.g. --only cost, --only growth, --only adversarial, --only embeddings)
  --json             print the report as JSON
  --reports DIR      where to write the reports (default: reports/)

Postgres: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (skipped
with a note when unreachable); each server (bot, floor, peer) runs in its own schema, dropped afterwards.`;

export async function run(argv: string[]): Promise<number> {
  const args = commandArgs('bench', USAGE, argv, {
    options: {
      quick: { type: 'boolean', default: false },
      bots: { type: 'string' },
      skip: { type: 'string' },
      only: { type: 'string' },
      json: { type: 'boolean', default: false },
      reports: { type: 'string', default: 'reports' },
    },
  });
  if (typeof args === 'number') return args;
  const { values } = args;
  const list = (s?: string) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : undefined);
  const report = await runBench({ quick: values.quick, bots: list(values.bots), skip: list(values.skip), only: list(values.only), log: values.json ? () => {} : (l) => console.log(l) });
  const files = writeBenchReports(report, resolve(values.reports!));
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else console.log(`\n${formatBench(report)}\n\nReport: ${files.html}\n        ${files.json}`);
  return 0;
}
