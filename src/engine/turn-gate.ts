// The second step of a turn, on the session lock's connection: the handoff gate (silence while a person has the
// conversation, unless the handoff timed out or a greeting resets it), the guardrail gate, and the answer to a
// question asked on doubt (a yes replays the message it was about, a no ends it, anything else moves on).
import { botPaused, handoffTimedOut, isOnlyGreeting, type HandoffService } from '../handoff/index.ts';
import type { Connection, SessionRow } from '../store/index.ts';
import { CONFIRM_KEY, declinedReply, pendingConfirm, yesOrNo } from './confirm.ts';
import { gate } from './gate.ts';
import type { LoadedBot } from './registry.ts';
import type { ChatRequest } from './sessions.ts';
import type { Admitted } from './turn-admit.ts';

/** What passes the gate: the session (its mode and pending question settled), the text to understand, and whether it was confirmed. */
export interface Passed {
  session: SessionRow;
  text: string;
  /** The text is a message asked about on doubt and the user said yes: its writes need no new confirmation. */
  confirmed: boolean;
}

/** A gate's own answer, committed like any reply: its text, intent, how it was answered, and the moderation log. */
export interface GateAnswer {
  session: SessionRow;
  reply: string;
  intent: string;
  path: 'gate' | 'local';
  memory: Record<string, unknown>;
  log?: (sql: Connection) => Promise<void>;
}

export type GateResult = { passed: Passed } | { silent: SessionRow } | { answer: GateAnswer };

export interface GateDeps {
  handoff: HandoffService;
}

export async function passGate(deps: GateDeps, bot: LoadedBot, turn: Admitted, req: ChatRequest, conn: Connection, now: Date): Promise<GateResult> {
  let session = turn.session;
  if (botPaused(session.mode)) {
    const timedOut = handoffTimedOut(session.mode, session.handoffAt, bot.handoff.timeout_minutes, now);
    const greeted = bot.handoff.reset_on_greeting && isOnlyGreeting(turn.text, bot.config.language, bot.config.greetings);
    if (!timedOut && !greeted) return { silent: session };
    session = await deps.handoff.changeMode(session, 'bot', timedOut ? 'timeout' : 'greeting', conn);
  }
  const blocked = await gate(conn, bot, session, req, turn.text);
  if (blocked) return { answer: { session, reply: blocked.reply, intent: blocked.intent, path: 'gate', memory: {}, ...(blocked.log ? { log: blocked.log } : {}) } };
  return answerToConfirm(bot, session, turn.text, now);
}

/** A question asked on doubt is answered by this message or dropped: it is asked once. */
function answerToConfirm(bot: LoadedBot, session: SessionRow, text: string, now: Date): GateResult {
  const asked = pendingConfirm(session.state);
  if (!asked) return { passed: { session, text, confirmed: false } };
  const memory = { ...(session.state ?? {}) } as Record<string, unknown>;
  delete memory[CONFIRM_KEY];
  const unasked = { ...session, state: memory };
  const answer = yesOrNo(text, bot.language, now);
  if (answer === false) return { answer: { session: unasked, reply: declinedReply(bot), intent: asked.intent, path: 'local', memory } };
  if (answer === true) return { passed: { session: unasked, text: asked.text, confirmed: true } };
  return { passed: { session: unasked, text, confirmed: false } };
}
