// switchboard eval [bot…] [--understanding local|cascade|llm] [--json] [--no-compare-models] [--out DIR]
// Plays every bot's conversations.yaml against the real server and writes reports/eval-*.html and .json. A bot
// that `switchboard check` rejects is not played: the command names its errors and exits 1.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commandArgs } from '../args.ts';
import { checkBot, defaultBotsDir } from '../../bot/index.ts';
import { botsWithConversations, formatEval, runEval, writeEvalReports, type UnderstandingMode } from '../../eval/index.ts';

/** The bots to play (those named, else every folder with conversations.yaml) that `switchboard check` rejects, with its errors. */
export function rejectedBots(botsDir: string, named: string[]): { id: string; errors: string[] }[] {
  const ids = named.length ? named : existsSync(botsDir) ? botsWithConversations(botsDir) : [];
  return ids
    .filter((id) => existsSync(join(botsDir, id, 'bot.yaml')))
    .map((id) => ({ id, errors: checkBot(join(botsDir, id), { crossValidate: false }).findings.filter((f) => f.level === 'error').map((f) => `${f.file} ${f.field}: ${f.message}`) }))
    .filter((r) => r.errors.length > 0);
}

const USAGE = `Usage: switchboard eval [bot…] [options]

Plays the conversation tests of every bot that has bots/<id>/conversations.yaml (or of the bots named)
against the real server, prints the results, and writes reports/eval-<time>.html, eval-latest.html and
eval-latest.json. Exits 1 when a turn fails, or when \`switchboard check\` finds errors in a bot (then nothing runs).

Options:
  --understanding local|cascade|llm   force the understanding mode (llm and cascade use the configured
                                      model, or the scripted oracle model when none is configured)
  --compare-models / --no-compare-models
                                      rerun ct-smash with local, cascade and llm (oracle) and compare
                                      (on by default when ct-smash is evaluated)
  --json                              print the report as JSON instead of tables
  --out DIR                           where to write the reports (default: reports/; --reports is the same)
  --bots-dir DIR                      where the bot folders are (default: bots/; e.g. examples/)`;

export async function run(argv: string[]): Promise<number> {
  const args = commandArgs('eval', USAGE, argv, {
    allowPositionals: true,
    options: {
      understanding: { type: 'string' },
      json: { type: 'boolean', default: false },
      'compare-models': { type: 'boolean' },
      'no-compare-models': { type: 'boolean' },
      out: { type: 'string' },
      reports: { type: 'string' },
      'bots-dir': { type: 'string' },
    },
  });
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const understanding = values.understanding as UnderstandingMode | undefined;
  if (understanding && !['local', 'cascade', 'llm'].includes(understanding)) {
    console.error(`switchboard eval: --understanding must be local, cascade or llm (got '${understanding}')`);
    return 2;
  }
  const compareModels = modelsToCompare(values, positionals);
  const log = values.json ? () => {} : (line: string) => console.log(line);
  const botsDir = values['bots-dir'] ? resolve(values['bots-dir']) : undefined;
  const rejected = rejectedBots(botsDir ?? defaultBotsDir, positionals);
  if (rejected.length) {
    printRejected(rejected);
    return 1;
  }
  // The conversation tests are played against Saleor's demo catalogue (the fake server) unless a Saleor is named.
  const env = { SALEOR_DEV: process.env.SALEOR_API_URL ? undefined : '1', ...process.env };
  const report = await runEval({ bots: positionals, botsDir, understanding, compareModels, log, env });
  const files = writeEvalReports(report, resolve(values.out ?? values.reports ?? 'reports'));
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`\n${formatEval(report)}`);
    console.log(`\nReport: ${files.html}\n        ${files.latestHtml}\n        ${files.json}`);
  }
  return report.ok ? 0 : 1;
}

/** --compare-models / --no-compare-models: the bots to rerun with each understanding mode (ct-smash first), false for none, undefined for the default. */
function modelsToCompare(values: { 'compare-models'?: boolean; 'no-compare-models'?: boolean }, bots: string[]): string[] | false | undefined {
  if (values['no-compare-models']) return false;
  return values['compare-models'] ? ['ct-smash', ...bots.filter((b) => b !== 'ct-smash')] : undefined;
}

function printRejected(rejected: { id: string; errors: string[] }[]): void {
  for (const { id, errors } of rejected) console.error(`switchboard eval: ${id} does not pass switchboard check, so its conversations are not played:\n${errors.map((e) => `  ${e}`).join('\n')}`);
  console.error(`Fix the errors (\`npx switchboard check ${rejected.map((r) => r.id).join(' ')}\` lists them), then run eval again.`);
}
