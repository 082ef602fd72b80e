// The handoff circuit every bot shares: bot → handoff_pending → human → bot (seed 004's state model).
import { foldDiacritics } from '../text/index.ts';
import type { Mode } from '../store/index.ts';

import { MODES } from '../contract/index.ts';

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

/** Modes in which the bot stays silent: user messages are stored and a person answers. */
export function botPaused(mode: string): boolean {
  return mode === 'handoff_pending' || mode === 'human';
}

/** Seed 004's check_handoff_timeout: past `timeoutMinutes` since the handoff, the bot takes over again. */
export function handoffTimedOut(mode: string, handoffAt: Date | null, timeoutMinutes: number, now: Date): boolean {
  if (!botPaused(mode) || !handoffAt) return false;
  return (now.getTime() - handoffAt.getTime()) / 60_000 >= timeoutMinutes;
}

/** Greeting patterns per language (matched at the start of the accent-folded, lower-cased text). */
const DEFAULT_GREETINGS: Record<string, string[]> = {
  es: ['^(hola|holis|buenas|buen dia|buenos dias|buenas tardes|buenas noches|hey|que tal)\\b'],
  pt: ['^(oi|oie|ola|bom dia|boa tarde|boa noite|e ai|eai|opa|hey)\\b'],
  vi: ['^(xin chao|chao|hello|hi|alo)\\b'],
  en: ['^(hi|hello|hey|good morning|good afternoon|good evening)\\b'],
};

function foldForMatch(text: string): string {
  return foldDiacritics(text).toLowerCase().trim();
}

export function isGreeting(text: string, language: string, extra: string[] = []): boolean {
  const lang = language.slice(0, 2);
  const folded = foldForMatch(text).replace(/^[^\p{L}\p{N}]+/u, '');
  const patterns = [...(DEFAULT_GREETINGS[lang] ?? []), ...extra.map(foldForMatch)];
  return patterns.some((p) => new RegExp(p, 'iu').test(folded));
}

// What may follow a greeting in a message that is nothing more (folded): "oi, tudo bem", "hola gente".
const GREETING_TAIL: Record<string, RegExp> = {
  pt: /^(?:tudo bem|tudo bom|td bem|tudo certo|como vai(?: voce)?|pessoal|gente|galera|amigos?|tudo joia|bom dia|boa tarde|boa noite)$/,
  es: /^(?:como estas|como andas|como va|que tal|todo bien|gente|chicos|buen dia|buenas tardes|buenas noches)$/,
  vi: /^(?:shop|ad|admin|ban|a|nha|nhe|oi|shop oi|ad oi|ban oi)$/,
  en: /^(?:there|everyone|all|team|how are you|good morning|good afternoon|good evening)$/,
};

/**
 * A greeting and nothing more ("oi", "bom dia, tudo bem?"): what returns a pending handoff to the bot. A nudge
 * that opens with a greeting ("oi? tem alguém por aí?", "oi?") or asks for someone is not one.
 */
export function isOnlyGreeting(text: string, language: string, extra: string[] = []): boolean {
  const lang = language.slice(0, 2);
  const patterns = [...(DEFAULT_GREETINGS[lang] ?? []), ...extra.map(foldForMatch)].map((p) => new RegExp(p, 'iu'));
  let rest = foldForMatch(text).replace(/^[^\p{L}\p{N}]+/u, '');
  const asked = /\?/.test(text);
  let greeted = false;
  for (let guard = 0; guard < 4; guard++) {
    const m = patterns.map((p) => p.exec(rest)).find((x) => x && x.index === 0 && x[0].length > 0);
    if (!m) break;
    greeted = true;
    rest = rest.slice(m[0].length).replace(/^[^\p{L}\p{N}]+/u, '');
  }
  if (!greeted) return false;
  const tail = rest.replace(/[^\p{L}\p{N}\s]+/gu, ' ').replace(/\s+/g, ' ').trim();
  // "oi?" alone calls for an answer; "oi, tudo bem?" is still a greeting.
  if (!tail) return !asked;
  return (GREETING_TAIL[lang] ?? /^$/).test(tail);
}

/** Which operator-initiated mode changes are allowed: every mode may go anywhere except to itself. Returns why not, or null. */
export function checkTransition(from: string, to: Mode): string | null {
  if (from === to) return `the conversation is already in mode '${to}'`;
  return null;
}

/** An operator may reply only while a person has (or is about to take) the conversation. Returns why not, or null. */
export function checkOperatorReply(mode: string): string | null {
  if (!botPaused(mode)) return "the bot is answering this conversation: hand it off (mode 'handoff_pending' or 'human') before replying";
  return null;
}
