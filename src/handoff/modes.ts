// The handoff circuit every bot shares: bot → handoff_pending → human → bot (seed 004's state model).
import { foldDiacritics } from '../nlu/index.ts';
import type { Mode } from '../store/index.ts';

export { MODES } from '../contract/index.ts';
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

export function foldForMatch(text: string): string {
  return foldDiacritics(text).toLowerCase().trim();
}

export function isGreeting(text: string, language: string, extra: string[] = []): boolean {
  const lang = language.slice(0, 2);
  const folded = foldForMatch(text).replace(/^[^\p{L}\p{N}]+/u, '');
  const patterns = [...(DEFAULT_GREETINGS[lang] ?? []), ...extra.map(foldForMatch)];
  return patterns.some((p) => new RegExp(p, 'iu').test(folded));
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
