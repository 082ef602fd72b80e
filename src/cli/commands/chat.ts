// switchboard chat <bot> [--bots-dir DIR] — a terminal conversation with one bot, showing intents and events.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { readBotConfig } from '../../bot/index.ts';
import { commandArgs } from '../args.ts';
import { boot } from '../boot.ts';
import type { TraceEntry, TurnEvent } from '../../engine/index.ts';
import { listTurns, type Database } from '../../store/index.ts';
import { debugLines } from '../debug-trace.ts';

const USAGE = `Usage: switchboard chat <bot> [options]

Talks to one bot in the terminal: <bot> is an id under bots/ (or --bots-dir, or SWITCHBOARD_BOTS_DIR), or a path to
a folder with a bot.yaml (examples/clinica). /new starts a new conversation; Ctrl+D quits.

Options:
  --bots-dir DIR   where the bot folders are (default: bots/; e.g. examples/)
  --debug          after each reply, what the turn read and decided: the intents with their scores, the
                   entities and slot values read (with their spans), the deciding rule, each form's state`;

/**
 * The bot a chat talks to: an id (in `--bots-dir`, else the default folder of bots), or a path to a folder with a
 * bot.yaml, like `switchboard check examples/clinica` (its parent is where the bots are; the id is its bot.yaml's).
 */
export function chatTarget(named: string | undefined, botsDirOption?: string): { botId?: string; botsDir?: string; only?: string[] } {
  const folder = named && existsSync(join(named, 'bot.yaml')) ? resolve(named) : undefined;
  if (folder) return { botId: readBotConfig(folder).id, botsDir: dirname(folder), only: [basename(folder)] };
  return { botId: named, botsDir: botsDirOption ? resolve(botsDirOption) : undefined, only: named ? [named] : undefined };
}

export async function run(argv: string[]): Promise<number> {
  const args = commandArgs('chat', USAGE, argv, { allowPositionals: true, options: { 'bots-dir': { type: 'string' }, debug: { type: 'boolean' } } });
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const { botId, botsDir, only } = chatTarget(positionals[0], values['bots-dir']);
  // PGlite serves one process: a terminal chat beside a running server keeps its conversation in memory
  // (with DATABASE_URL it shares the server's Postgres).
  const { runtime, db } = await boot({ botsDir, only, dataDir: process.env.DATABASE_URL ? undefined : ':memory:' });
  if (!botId || !runtime.bots.has(botId)) {
    console.error(`usage: switchboard chat <bot> [--bots-dir DIR]   (bots: ${[...runtime.bots.keys()].join(', ') || 'none found'})`);
    await runtime.close();
    await db.close();
    return 2;
  }
  console.log(dim(`Talking to ${botId}. Ctrl+D to quit, /new for a new conversation.`));
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  let sessionId: string | undefined;
  const userId = process.env.SWITCHBOARD_USER ?? undefined;
  for await (const line of rl) {
    const message = line.trim();
    if (!message) continue;
    if (message === '/new') {
      sessionId = undefined;
      console.log(dim('— new conversation —'));
      continue;
    }
    try {
      const res = await runtime.chat(botId, { sessionId, message, userId }, printEvent);
      sessionId = res.sessionId;
      console.log(res.reply === null ? dim('(a person will answer)') : `${botId}> ${res.reply}`);
      if (values.debug) await printDebug(db, res);
    } catch (err) {
      console.error(`error: ${(err as Error).message}`);
    }
  }
  await runtime.close();
  await db.close();
  return 0;
}

/** Dimmed in a terminal: what the bot did, as opposed to what it said. */
function dim(s: string): string {
  return process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s;
}

/** A tool's progress line: its `toolLabels` label as written (labels usually end in "…" already), else its name and "…". */
export function toolLine(label: string | undefined, tool: string): string {
  if (!label) return `${tool}…`;
  return /(?:…|\.\.\.)$/.test(label.trim()) ? label : `${label}…`;
}

/** The turn's events worth a line while it runs: the intents read, the tools started, a handoff. */
function printEvent(e: TurnEvent): void {
  if (e.type === 'intent') console.log(dim(`  intents: ${e.intents.join(', ')} (${e.source})`));
  else if (e.type === 'tool_start') console.log(dim(`  ${toolLine(e.label, e.tool)}`));
  else if (e.type === 'handoff') console.log(dim(`  handoff → ${e.mode} (${e.reason ?? ''})`));
}

/** --debug: what the turn just played read and decided, from its stored trace. */
async function printDebug(db: Database, res: { sessionId: string; turnId?: string }): Promise<void> {
  const turn = (await listTurns(db, res.sessionId)).find((t) => t.id === res.turnId);
  for (const line of debugLines((turn?.trace ?? []) as TraceEntry[])) console.log(dim(`  · ${line}`));
}
