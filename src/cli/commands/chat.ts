// switchboard chat <bot> — a terminal conversation with one bot, showing intents and events.
import { createInterface } from 'node:readline/promises';
import { boot } from '../boot.ts';
import type { TurnEvent } from '../../engine/index.ts';

export async function run(argv: string[]): Promise<number> {
  const botId = argv[0];
  // PGlite serves one process: a terminal chat beside a running server keeps its conversation in memory
  // (with DATABASE_URL it shares the server's Postgres).
  const { runtime, db } = await boot({ only: botId ? [botId] : undefined, dataDir: process.env.DATABASE_URL ? undefined : ':memory:' });
  if (!botId || !runtime.bots.has(botId)) {
    console.error(`usage: switchboard chat <bot>   (bots: ${[...runtime.bots.keys()].join(', ') || 'none found'})`);
    await runtime.close();
    await db.close();
    return 2;
  }
  const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);
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
    const onEvent = (e: TurnEvent) => {
      if (e.type === 'intent') console.log(dim(`  intents: ${e.intents.join(', ')} (${e.source})`));
      else if (e.type === 'tool_start') console.log(dim(`  ${e.label ?? e.tool}…`));
      else if (e.type === 'handoff') console.log(dim(`  handoff → ${e.mode} (${e.reason ?? ''})`));
    };
    try {
      const res = await runtime.chat(botId, { sessionId, message, userId }, onEvent);
      sessionId = res.sessionId;
      console.log(res.reply === null ? dim('(a person will answer)') : `${botId}> ${res.reply}`);
    } catch (err) {
      console.error(`error: ${(err as Error).message}`);
    }
  }
  await runtime.close();
  await db.close();
  return 0;
}
