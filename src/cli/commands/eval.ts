// switchboard eval [bot…] [--understanding local|cascade|llm] [--json] [--no-compare-models] [--reports DIR]
// Plays every bot's conversations.yaml against the real server and writes reports/eval-*.html and .json.
import { resolve } from 'node:path';
import { commandArgs } from '../args.ts';
import { formatEval, runEval, writeEvalReports, type UnderstandingMode } from '../../eval/index.ts';

const USAGE = `Usage: switchboard eval [bot…] [options]

Plays the conversation tests of every bot that has bots/<id>/conversations.yaml (or of the bots named)
against the real server, prints the results, and writes reports/eval-<time>.html, eval-latest.html and
eval-latest.json. Exits 1 when a turn fails.

Options:
  --understanding local|cascade|llm   force the understanding mode (llm and cascade use the configured
                                      model, or the scripted oracle model when none is configured)
  --compare-models / --no-compare-models
                                      rerun ct-smash with local, cascade and llm (oracle) and compare
                                      (on by default when ct-smash is evaluated)
  --json                              print the report as JSON instead of tables
  --reports DIR                       where to write the reports (default: reports/)
  --bots-dir DIR                      where the bot folders are (default: bots/; e.g. examples/)`;

export async function run(argv: string[]): Promise<number> {
  const args = commandArgs('eval', USAGE, argv, {
    allowPositionals: true,
    options: {
      understanding: { type: 'string' },
      json: { type: 'boolean', default: false },
      'compare-models': { type: 'boolean' },
      'no-compare-models': { type: 'boolean' },
      reports: { type: 'string', default: 'reports' },
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
  const compareModels = values['no-compare-models'] ? false : values['compare-models'] ? ['ct-smash', ...positionals.filter((b) => b !== 'ct-smash')] : undefined;
  const log = values.json ? () => {} : (line: string) => console.log(line);
  const botsDir = values['bots-dir'] ? resolve(values['bots-dir']) : undefined;
  // The conversation tests are played against Saleor's demo catalogue (the fake server) unless a Saleor is named.
  const env = { SALEOR_DEV: process.env.SALEOR_API_URL ? undefined : '1', ...process.env };
  const report = await runEval({ bots: positionals, botsDir, understanding, compareModels, log, env });
  const files = writeEvalReports(report, resolve(values.reports!));
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`\n${formatEval(report)}`);
    console.log(`\nReport: ${files.html}\n        ${files.latestHtml}\n        ${files.json}`);
  }
  return report.ok ? 0 : 1;
}
