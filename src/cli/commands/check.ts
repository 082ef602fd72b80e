// switchboard check [bot…] [--bots-dir DIR] [--folds N] [--no-cv] [--lines] [--edge [--accept]] [--json]
// Checks bot folders before they run; exits 1 when any has an error.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { checkBot, dataRatio, defaultBotsDir, formatCheck, type BotCheck, type DataRatio } from '../../bot/index.ts';
import { commandArgs } from '../args.ts';

const USAGE = `Usage: switchboard check [bot…] [options]

Checks every bot under bots/ (or the ones named: an id, or a path to a folder with a bot.yaml):
bot.yaml against its schema (unknown keys name the nearest valid one), the knowledge folder, reply keys that
forms, actions, the tool cascade or the bot's code use, a missing calendar file, intents with too few examples,
examples repeated across intents. Then measures
how well the intents separate (k-fold cross-validation of the local classifier, with the most confused pairs)
and prints how much of the bot is data (bot.yaml, knowledge, data files) against TypeScript.
Exits 1 when a bot has an error (warnings do not fail).

Options:
  --bots-dir DIR   where the bot folders are (default: bots/)
  --folds N        cross-validation folds (default 5)
  --no-cv          skip the cross-validation
  --lines          only the table of each bot's TypeScript and data lines (no checks, exits 0)
  --edge           only the edge probes: the bot's own words in sentences about other things (school, doctor,
                   bank, delivery, government, another shop) and requests for its staff by role, played through
                   its real understanding; lists the misrouted ones by cause with the bot.yaml fix of each.
                   Exits 1 when a probe is misrouted
  --accept         with --edge: write the misrouted probes into the bot's edge-accepted.yaml (read as the
                   bot's own out-of-scope and person examples), then probe again
  --json           print the results as JSON`;

export async function run(argv: string[]): Promise<number> {
  const args = commandArgs('check', USAGE, argv, {
    allowPositionals: true,
    options: {
      'bots-dir': { type: 'string' },
      folds: { type: 'string', default: '5' },
      'no-cv': { type: 'boolean', default: false },
      lines: { type: 'boolean', default: false },
      edge: { type: 'boolean', default: false },
      accept: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const botsDir = values['bots-dir'] ? resolve(values['bots-dir']) : defaultBotsDir;
  const folds = Number(values.folds);
  if (!Number.isInteger(folds) || folds < 2) {
    console.error(`switchboard check: --folds must be an integer of 2 or more (got '${values.folds}')`);
    return 2;
  }
  const dirs = botDirs(positionals, botsDir);
  if (typeof dirs === 'number') return dirs;
  if (values.lines) {
    console.log(linesTable(dirs.map((dir) => ({ id: basename(dir), ...dataRatio(dir) }))).join('\n'));
    return 0;
  }
  if (values.edge) return edgeCheck(dirs, { accept: values.accept, json: values.json });
  if (values.accept) {
    console.error('switchboard check: --accept goes with --edge');
    return 2;
  }
  const checks: BotCheck[] = dirs.map((dir) => checkBot(dir, { folds, crossValidate: !values['no-cv'] }));
  if (values.json) console.log(JSON.stringify(checks, null, 2));
  else printChecks(checks);
  return checks.some((c) => c.findings.some((f) => f.level === 'error')) ? 1 : 0;
}

/** The folder of each bot named (a folder with a bot.yaml, or a bot of `botsDir`), or every bot of `botsDir`; 2 when one has no bot.yaml. */
function botDirs(names: string[], botsDir: string): string[] | number {
  const dirs: string[] = [];
  for (const name of names.length ? names : botFolders(botsDir)) {
    const dir = existsSync(join(name, 'bot.yaml')) ? resolve(name) : join(botsDir, name);
    if (!existsSync(join(dir, 'bot.yaml'))) {
      console.error(`switchboard check: no bot.yaml in ${dir}`);
      return 2;
    }
    dirs.push(dir);
  }
  return dirs;
}

/** Each bot's findings, the data share of them all, and the count of errors and warnings. */
function printChecks(checks: BotCheck[]): void {
  for (const c of checks) console.log(`${formatCheck(c, process.cwd()).join('\n')}\n`);
  if (checks.length > 1) {
    const data = checks.reduce((s, c) => s + c.ratio.dataLines, 0);
    const code = checks.reduce((s, c) => s + c.ratio.codeLines, 0);
    console.log(`all ${checks.length} bots: ${data} data lines, ${code} TypeScript lines → ${((data / Math.max(1, data + code)) * 100).toFixed(0)}% data`);
  }
  const count = (level: string) => checks.reduce((s, c) => s + c.findings.filter((f) => f.level === level).length, 0);
  const errors = count('error');
  const warnings = count('warning');
  console.log(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
}

/** Rounds of accepting and probing again that `--accept` runs at most. */
const ACCEPT_ROUNDS = 3;

/** The edge probes of each bot, grouped by the folder the bots are in (one runtime per folder). */
async function edgeCheck(dirs: string[], opts: { accept: boolean; json: boolean }): Promise<number> {
  const { acceptProbes, formatEdgeReport, runEdgeProbes } = await import('../../eval/index.ts');
  const byFolder = new Map<string, string[]>();
  for (const dir of dirs) byFolder.set(dirname(dir), [...(byFolder.get(dirname(dir)) ?? []), basename(dir)]);
  const run = async () => {
    const out = [];
    for (const [folder, ids] of byFolder) out.push(...(await runEdgeProbes(folder, ids)));
    return out;
  };
  let reports = await run();
  if (opts.accept) {
    const before = new Map(reports.map((r) => [r.bot, r.misrouted.length]));
    // What one bot learns can move another of its probes: accept and probe again, a few rounds at most.
    for (let round = 0; round < ACCEPT_ROUNDS && reports.some((r) => r.misrouted.length); round++) {
      for (const r of reports) {
        const { file, added } = acceptProbes(r);
        if (added && !opts.json) console.log(`${r.bot}: ${added} probe${added === 1 ? '' : 's'} accepted into ${relative(process.cwd(), file)}`);
      }
      reports = await run();
    }
    if (!opts.json) for (const r of reports) console.log(`${r.bot}: misrouted ${before.get(r.bot)} → ${r.misrouted.length} of ${r.results.length}`);
  }
  if (opts.json) console.log(JSON.stringify(reports.map(({ bot, results, misrouted, groups }) => ({ bot, probes: results.length, misrouted: misrouted.length, groups })), null, 2));
  else for (const r of reports) console.log(`${formatEdgeReport(r).join('\n')}\n`);
  return reports.some((r) => r.misrouted.length) ? 1 : 0;
}

/** Each bot's non-test TypeScript lines and data lines (bot.yaml, knowledge, data files), with the totals. */
export function linesTable(rows: ({ id: string } & DataRatio)[]): string[] {
  const pct = (share: number) => `${(share * 100).toFixed(0)}%`;
  const width = Math.max(5, ...rows.map((r) => r.id.length));
  const line = (id: string, code: number | string, data: number | string, share: string) => `${id.padEnd(width)}  ${String(code).padStart(8)}  ${String(data).padStart(10)}  ${share.padStart(10)}`;
  const code = rows.reduce((s, r) => s + r.codeLines, 0);
  const data = rows.reduce((s, r) => s + r.dataLines, 0);
  return [
    line('bot', 'TS lines', 'data lines', 'data share'),
    ...rows.map((r) => line(r.id, r.codeLines, r.dataLines, pct(r.share))),
    line('total', code, data, pct(data / Math.max(1, data + code))),
  ];
}

function botFolders(botsDir: string): string[] {
  return readdirSync(botsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(botsDir, d.name, 'bot.yaml')))
    .map((d) => d.name)
    .sort();
}
