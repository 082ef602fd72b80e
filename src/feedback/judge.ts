// The batch judge: finds candidate bot replies in stored conversations and decides which are golden examples.
// With a model, one structured call per candidate turn ("is this reply worth imitating?"); without one, rules:
// a thumbs-up on the reply, and the conversation either completed a workflow or got no negative feedback.
// Inserting is idempotent (unique bot + user text + reply), and already-golden pairs are not judged again.
import { z } from 'zod';
import type { ModelClient } from '../llm/index.ts';
import type { Sql } from '../store/index.ts';
import { insertGoldenExample, listGoldenExamples } from './golden.ts';

export interface JudgeCandidate {
  bot: string;
  sessionId: string;
  messageId: number;
  userText: string;
  reply: string;
  /** Feedback on this reply: 1, -1, or null when unrated. */
  rating: 1 | -1 | null;
  /** The conversation up to and including the reply (last messages only). */
  transcript: { role: string; content: string }[];
  /** A workflow the conversation finished (its reply cleared the workflow without an exit), if any. */
  completedWorkflow: string | null;
  /** Some reply of the conversation got a thumbs-down. */
  negativeFeedback: boolean;
}

export interface Verdict {
  golden: boolean;
  reason: string;
}

/** A model (or any other) judge of one candidate. */
export type CandidateJudge = (candidate: JudgeCandidate) => Promise<Verdict>;

export interface CollectOptions {
  /** Also consider unrated replies of conversations that completed a workflow without negative feedback (model judging). */
  includeUnrated?: boolean;
  /** Intents whose reply clears a workflow without completing it (default: exit). */
  exitIntents?: string[];
  limit?: number;
  /** Messages of context shown with each candidate. */
  transcriptSize?: number;
}

interface MessageRow {
  id: number;
  session_id: string;
  role: string;
  source: string;
  content: string;
  intents: unknown;
  workflow: string | null;
  reply_to: number | null;
}

const intentsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);

export async function collectCandidates(sql: Sql, bot: string, opts: CollectOptions = {}): Promise<JudgeCandidate[]> {
  const exit = new Set(opts.exitIntents ?? ['exit']);
  const limit = opts.limit ?? 200;
  const feedback = await sql.query<{ session_id: string; message_id: number; rating: number }>(
    'select session_id, message_id, rating from feedback where bot = $1',
    [bot],
  );
  const ratings = new Map(feedback.map((f) => [`${f.session_id}:${Number(f.message_id)}`, Number(f.rating) as 1 | -1]));
  const negative = new Set(feedback.filter((f) => Number(f.rating) < 0).map((f) => f.session_id));
  const sessionIds = new Set(feedback.filter((f) => Number(f.rating) > 0).map((f) => f.session_id));
  if (opts.includeUnrated) {
    const finished = await sql.query<{ session_id: string }>(
      `select distinct t.session_id from (
         select m.session_id, m.workflow, lag(m.workflow) over (partition by m.session_id order by m.id) as previous
           from messages m join sessions s on s.id = m.session_id
          where s.bot = $1 and m.role = 'assistant'
       ) t where t.previous is not null and t.workflow is null`,
      [bot],
    );
    for (const r of finished) sessionIds.add(r.session_id);
  }
  const known = new Set((await listGoldenExamples(sql, bot, 100_000)).map((g) => `${g.userText}\u0000${g.reply}`));

  const out: JudgeCandidate[] = [];
  for (const sessionId of [...sessionIds].sort()) {
    const messages = await sql.query<MessageRow>(
      'select id, session_id, role, source, content, intents, workflow, reply_to from messages where session_id = $1 order by id',
      [sessionId],
    );
    const byId = new Map(messages.map((m) => [Number(m.id), m]));
    // The workflow a reply finished: the previous bot reply had one, this one clears it, and it was no exit.
    let completedWorkflow: string | null = null;
    let previousWorkflow: string | null = null;
    for (const m of messages) {
      if (m.role !== 'assistant') continue;
      if (previousWorkflow && !m.workflow && !intentsOf(m.intents).some((i) => exit.has(i))) completedWorkflow = previousWorkflow;
      previousWorkflow = m.workflow;
    }
    const hasNegative = negative.has(sessionId);
    messages.forEach((m, index) => {
      if (m.role !== 'assistant' || m.source !== 'bot' || m.reply_to === null) return;
      if (intentsOf(m.intents).includes('blocked')) return; // gate replies are fixed texts, nothing to learn
      const user = byId.get(Number(m.reply_to));
      if (!user) return;
      const rating = ratings.get(`${sessionId}:${Number(m.id)}`) ?? null;
      const unratedOk = opts.includeUnrated && rating === null && completedWorkflow !== null && !hasNegative;
      if (rating !== 1 && !unratedOk) return;
      if (known.has(`${user.content}\u0000${m.content}`)) return;
      out.push({
        bot,
        sessionId,
        messageId: Number(m.id),
        userText: user.content,
        reply: m.content,
        rating,
        transcript: messages
          .slice(0, index + 1)
          .filter((x) => x.role === 'user' || x.role === 'assistant')
          .slice(-(opts.transcriptSize ?? 8))
          .map((x) => ({ role: x.role, content: x.content })),
        completedWorkflow,
        negativeFeedback: hasNegative,
      });
    });
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

/** The rules judge: a thumbs-up, and the conversation completed a workflow or got no thumbs-down. */
export function rulesVerdict(c: JudgeCandidate): Verdict {
  if (c.rating !== 1) return { golden: false, reason: 'no thumbs-up on this reply' };
  if (c.completedWorkflow) return { golden: true, reason: `thumbs-up, and the conversation completed ${c.completedWorkflow}` };
  if (!c.negativeFeedback) return { golden: true, reason: 'thumbs-up, and no negative feedback in the conversation' };
  return { golden: false, reason: 'thumbs-up, but the conversation has negative feedback and completed no workflow' };
}

const verdictSchema = z.object({
  golden: z.boolean().describe('true when the reply is a good example for the assistant to imitate'),
  reason: z.string().describe('one short sentence explaining the decision'),
});

function judgePrompt(c: JudgeCandidate, persona = ''): { system: string; user: string } {
  const system = [
    'You audit conversations of a customer-facing chat assistant and pick "golden examples": replies good enough',
    'to be shown to the assistant as examples to imitate. A golden reply answers what the user asked, is correct',
    'and grounded (no invented facts, dates or numbers), is polite, concise and in the user\'s language, and does',
    'not contain personal data of anyone else. When unsure, answer golden: false.',
    persona ? `\nThe assistant's persona: ${persona}` : '',
  ].join(' ');
  const transcript = c.transcript.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content}`).join('\n');
  const feedback = c.rating === 1 ? 'The user gave this reply a thumbs-up.' : 'The reply was not rated.';
  const outcome = c.completedWorkflow ? `The conversation completed the workflow ${c.completedWorkflow}.` : 'The conversation completed no workflow.';
  const user = `Conversation:\n${transcript}\n\nReply to judge (the last assistant message):\n${c.reply}\n\n${feedback} ${outcome}${c.negativeFeedback ? ' Another reply of this conversation got a thumbs-down.' : ''}`;
  return { system, user };
}

/** A judge backed by a model client: one structured call per candidate. */
export function modelJudge(client: Pick<ModelClient, 'structured'>, opts: { persona?: string } = {}): CandidateJudge {
  return async (c) => {
    const { system, user } = judgePrompt(c, opts.persona);
    const verdict = await client.structured(
      verdictSchema,
      [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      { purpose: 'judge', name: 'golden_verdict' },
    );
    return { golden: verdict.golden === true, reason: verdict.reason ?? '' };
  };
}

export interface JudgeOptions extends Omit<CollectOptions, 'includeUnrated'> {
  bot: string;
  /** The model judge; without one, the rules decide. */
  judge?: CandidateJudge;
  log?: (line: string) => void;
}

export interface JudgeReport {
  bot: string;
  mode: 'model' | 'rules';
  candidates: number;
  golden: number;
  inserted: number;
  failed: number;
  verdicts: { messageId: number; sessionId: string; golden: boolean; reason: string; error?: string }[];
}

/** Judge a bot's stored conversations and insert the golden examples found. */
export async function judgeConversations(sql: Sql, opts: JudgeOptions): Promise<JudgeReport> {
  const mode = opts.judge ? 'model' : 'rules';
  const candidates = await collectCandidates(sql, opts.bot, { ...opts, includeUnrated: mode === 'model' });
  const report: JudgeReport = { bot: opts.bot, mode, candidates: candidates.length, golden: 0, inserted: 0, failed: 0, verdicts: [] };
  for (const c of candidates) {
    let verdict: Verdict;
    try {
      verdict = opts.judge ? await opts.judge(c) : rulesVerdict(c);
    } catch (err) {
      // A model failure skips this candidate; the next run will judge it again.
      report.failed++;
      report.verdicts.push({ messageId: c.messageId, sessionId: c.sessionId, golden: false, reason: 'judge failed', error: (err as Error).message });
      opts.log?.(`  message ${c.messageId}: judge failed (${(err as Error).message})`);
      continue;
    }
    report.verdicts.push({ messageId: c.messageId, sessionId: c.sessionId, ...verdict });
    if (!verdict.golden) continue;
    report.golden++;
    if (await insertGoldenExample(sql, { bot: c.bot, userText: c.userText, reply: c.reply, source: `judge:${mode}`, sessionId: c.sessionId })) report.inserted++;
    opts.log?.(`  message ${c.messageId}: golden — ${verdict.reason}`);
  }
  return report;
}
