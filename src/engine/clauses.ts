// In a message with several intents ("quero marcar uma limpeza amanhã e quanto custa o clareamento?"), the
// clauses that belong to one of them: its own, plus those no other understood intent claims.
import { splitClauses } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';

export function clausesFor(text: string, lang: Language, intent: string, intents: string[], classify: (t: string) => { id: string }[]): string[] {
  if (intents.length < 2) return [text];
  const clauses = splitClauses(text, lang);
  if (clauses.length < 2) return [text];
  const others = new Set(intents.filter((i) => i !== intent));
  const mine = clauses.filter((c) => {
    const best = classify(c)[0]?.id;
    return best === intent || !best || !others.has(best);
  });
  return mine.length ? mine : [text];
}
