// A request for a person by what they do ("falar com o professor de jiu-jitsu", "pásame con el vendedor", "cho
// mình gặp nhân viên tư vấn"), read left to right from the frames of data/person-requests/<lang>.yaml. A role noun
// only counts inside a frame: after an asking phrase (articles skipped), or first in the message and followed, a
// few words later, by what the person is asked to do ("a recepção pode me ligar?"). "o professor é faixa preta?"
// names a role and asks nothing of anyone.
import { withinOneEdit } from '../nlu/edit-distance.ts';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { readWordLists } from './data.ts';

export interface PersonFrames {
  /** Phrases asking for someone; the person follows ("falar com", "pásame con", "cho mình gặp"). */
  ask: string[];
  /** What the person is asked to do, after the person ("pode me ligar", "me atiende", "có đó không"). */
  reply: string[];
  /** Whoever serves the customer, without a role ("alguém", "alguien", "ai đó"). */
  someone: string[];
  /** Role nouns of staff in some business ("professor", "recepción", "nhân viên tư vấn"). */
  staff: string[];
  /** Words between an asking phrase and the person (articles, prepositions). */
  skip: string[];
  /** A word before an asking phrase that gives it another sense ("se chama": is named). */
  not_after: string[];
  /** Words that may come before the person in a frame that names the person first (greetings, articles). */
  lead: string[];
  /**
   * Phrases that may come there too and ask for what follows ("tem como", "será que", "preciso que", "necesito que"):
   * "tem como o professor me mandar mensagem?" asks the teacher to write.
   */
  lead_phrases: string[];
  /** Question words of means ("como", "how", "làm sao"): a few words before an asking phrase, they ask how to reach someone. */
  how: string[];
  /** Words asking whether someone is there, before the person ("tem", "hay", "is there"). */
  present: string[];
  /**
   * Phrases of need ("preciso de", "necesito a", "cần", "i need"): then the person, and nothing after it but whom
   * they work for and where or when ("preciso de alguém do financeiro"). A need with more after the person asks for a
   * service ("preciso de alguém pra consertar o chuveiro"), not for the bot's staff.
   */
  need: string[];
  /** Words saying where or when the person is asked to be, after the person ("aí", "agora", "ahora", "đó"). */
  here: string[];
  /** Words that tie the person to where they work, between the person and `here` ("alguém [da] recepção agora"). */
  joins: string[];
  /** Phrases of weariness ("cansei de", "me cansé del", "chán", "tired of"); a `machine` a few words later asks for a person. */
  weary: string[];
  /** The machine one talks to ("robô", "bot", "máquina", "máy"). */
  machine: string[];
  /** Nobody ("ninguém", "nadie", "không ai"); what is not done (`unanswered`) a few words later asks for a person. */
  nobody: string[];
  /** What nobody does ("responde", "me atiende", "trả lời"). */
  unanswered: string[];
  /**
   * Words that say the person is a living one, right after the person ("humano", "de carne e osso", "de verdad",
   * "thật sự"): a role so qualified, said to a bot, asks for a person ("tem um orientador humano?").
   */
  living: string[];
}

/** Words between the person and what they are asked to do ("o professor [de jiu-jitsu] pode me ligar?"). */
const MAX_MODIFIER = 4;
/** Words before the person in a frame that names the person first. */
const MAX_LEAD = 4;
/** Words before an asking phrase within which a question word of means makes it a question ("como [faço pra] falar com"). */
const HOW_REACH = 3;

const KEYS = ['ask', 'reply', 'someone', 'staff', 'skip', 'not_after', 'lead', 'lead_phrases', 'how', 'present', 'need', 'here', 'joins', 'weary', 'machine', 'nobody', 'unanswered', 'living'] as const;
const cache = new Map<Language, PersonFrames>();

/** The frames of `lang` as written (an empty set of frames when the language has no file). */
export function personFrames(lang: Language): PersonFrames {
  let frames = cache.get(lang);
  if (frames) return frames;
  frames = readWordLists('person-requests', lang, KEYS) satisfies PersonFrames;
  cache.set(lang, frames);
  return frames;
}

export interface PersonRequest {
  /** The person asked for, folded ("professor", "alguem"). */
  person: string;
  /** Where the frame starts and the person ends, in the folded message's words. */
  start: number;
  end: number;
}

/**
 * A reader of requests for a person in `lang`; `roles`: the bot's own role nouns (`skills.human.roles`), beside the
 * shared ones. It returns the first request found in a normalised message, or null.
 */
export function personRequestReader(lang: Language, roles: string[] = []): (normalized: string) => PersonRequest | null {
  const f = personFrames(lang);
  const fold = (s: string) => normalize(s, lang).split(' ').filter(Boolean);
  const phrases = (list: string[]) => list.map(fold).filter((p) => p.length > 0).sort((a, b) => b.length - a.length);
  const ask = phrases(f.ask);
  const reply = phrases(f.reply);
  const skip = new Set(f.skip.flatMap(fold));
  const lead = new Set([...f.lead, ...f.skip].flatMap(fold));
  const leadPhrases = phrases(f.lead_phrases);
  const notAfter = new Set(f.not_after.flatMap(fold));
  const how = phrases(f.how);
  // The persons without their articles ("o gerente" → "gerente"), which the reader skips before it looks for one.
  const bare = (words: string[]) => {
    while (words.length > 1 && skip.has(words[0])) words.shift();
    return words;
  };
  const persons = phrases([...f.someone, ...f.staff, ...roles]).map(bare);
  const someone = phrases(f.someone).map(bare);
  const present = phrases(f.present);
  const here = phrases(f.here);
  const need = phrases(f.need);
  const joins = new Set([...f.joins, ...f.skip].flatMap(fold));
  const personWords = new Set(persons.flat());
  const hereWords = new Set(here.flat());
  const ties = new Set(f.joins.flatMap(fold));
  const weary = phrases(f.weary);
  const machine = phrases(f.machine);
  const nobody = phrases(f.nobody);
  const unanswered = phrases(f.unanswered);
  const living = phrases(f.living);

  const at = (tokens: string[], i: number, phrase: string[]) => phrase.every((w, k) => tokens[i + k] === w);
  const phraseAt = (tokens: string[], i: number, list: string[][]) => list.find((p) => at(tokens, i, p));
  /** How many words of lead start at `i`: a lead phrase, else one lead word, else none. */
  const leadAt = (tokens: string[], i: number) => phraseAt(tokens, i, leadPhrases)?.length ?? (lead.has(tokens[i]) ? 1 : 0);
  /** Whether word `k` is inside a lead phrase ("como" of "tem como"). */
  const leadPhraseOver = (tokens: string[], k: number) => leadPhrases.some((p) => p.some((_, o) => o <= k && at(tokens, k - o, p)));

  return (normalized) => {
    const tokens = normalized.split(' ').filter(Boolean);
    // An asking phrase, articles, the person.
    for (let i = 0; i < tokens.length; i++) {
      const a = phraseAt(tokens, i, ask);
      if (!a || (i > 0 && notAfter.has(tokens[i - 1]))) continue;
      // "como eu faço pra falar com o suporte?": how to reach someone, not a request to.
      // Not inside a lead phrase that asks for it ("tem como me passar pra alguém…?").
      if (Array.from({ length: Math.min(i, HOW_REACH) }, (_, k) => i - 1 - k).some((k) => phraseAt(tokens, k, how) && !leadPhraseOver(tokens, k))) continue;
      let j = i + a.length;
      while (j < tokens.length && skip.has(tokens[j])) j++;
      const p = phraseAt(tokens, j, persons);
      if (p) return { person: p.join(' '), start: i, end: j + p.length };
    }
    return personFirst(tokens) ?? presence(tokens) ?? needed(tokens) ?? within(tokens, weary, machine) ?? within(tokens, machine, weary) ?? within(tokens, nobody, unanswered) ?? livingPerson(tokens);
  };

  /**
   * A person said to be a living one right after it ("uma orientadora humana", "un asesor de carne y hueso"), or
   * named so by the frames' own phrase ("suporte humano"); not beside the machine ("robot hay người thật?" asks which
   * one answers).
   */
  function livingPerson(tokens: string[]): PersonRequest | null {
    if (tokens.some((_, k) => phraseAt(tokens, k, machine))) return null;
    for (let i = 0; i < tokens.length; i++) {
      const p = phraseAt(tokens, i, persons);
      if (p && Array.from({ length: p.length }, (_, k) => i + 1 + k).some((j) => phraseAt(tokens, j, living))) return { person: p.join(' '), start: i, end: i + p.length };
    }
    return null;
  }

  /** The person first (greetings, articles and lead phrases before it), then, a few words later, what they are asked to do. */
  function personFirst(tokens: string[]): PersonRequest | null {
    for (let i = 0; i < Math.min(tokens.length, MAX_LEAD + 1); ) {
      const p = phraseAt(tokens, i, persons);
      if (p) {
        const end = i + p.length;
        for (let j = end; j <= Math.min(tokens.length - 1, end + MAX_MODIFIER); j++) if (phraseAt(tokens, j, reply)) return { person: p.join(' '), start: i, end };
      }
      const n = leadAt(tokens, i);
      if (!n) return null;
      i += n;
    }
    return null;
  }

  /** A phrase of need first (after greetings), the person, then only ties, persons and where or when to the end. */
  function needed(tokens: string[]): PersonRequest | null {
    for (let i = 0; i < Math.min(tokens.length, MAX_LEAD + 1); i += leadAt(tokens, i) || 1) {
      const n = phraseAt(tokens, i, need);
      if (!n) {
        if (!leadAt(tokens, i)) return null;
        continue;
      }
      let j = i + n.length;
      while (j < tokens.length && skip.has(tokens[j])) j++;
      const p = phraseAt(tokens, j, persons);
      if (!p) return null;
      const end = j + p.length;
      const tail = tokens.slice(end);
      // Someone without a role may be tied to any part of the business ("alguém do setor de cobrança"); a role only to
      // persons ("um professor de matemática" is a tutor, "um atendente da recepção" staff).
      const tied = phraseAt(tokens, j, someone) && ties.has(tail[0]) ? tail.slice(0, 1) : tail;
      const ok = tail.length <= MAX_MODIFIER && tied.every((t) => joins.has(t) || personWords.has(t) || hereWords.has(t));
      return ok ? { person: p.join(' '), start: i, end } : null;
    }
    return null;
  }

  /**
   * A phrase of `first`, then within a few words one of `second`: weariness of the machine one talks to, either side
   * ("cansei de falar com robô", "me cansé del bot", "trả lời tự động chán lắm"), or nobody answering ("ninguém me
   * responde", "không ai trả lời"). Said to a bot, either asks for a person without naming one.
   */
  function within(tokens: string[], first: string[][], second: string[][]): PersonRequest | null {
    for (let i = 0; i < tokens.length; i++) {
      const w = phraseAt(tokens, i, first);
      if (!w) continue;
      const from = i + w.length;
      for (let j = from; j <= Math.min(tokens.length - 1, from + MAX_MODIFIER); j++) {
        const m = phraseAt(tokens, j, second);
        if (m) return { person: m.join(' '), start: i, end: j + m.length };
      }
    }
    return null;
  }

  /**
   * Whether someone is there: an asking word first ("tem", "hay"), the person, then within a few words where or when
   * ("tem alguém na recepção agora?", "hay algún asesor ahí?"); someone without a role may end the message ("tem
   * alguém aí?", "hay alguien?"), a role may not ("tem professor de boxe?" asks what is taught).
   */
  function presence(tokens: string[]): PersonRequest | null {
    for (let i = 0; i < Math.min(tokens.length, MAX_LEAD + 1); i++) {
      const a = phraseAt(tokens, i, present);
      if (a) {
        let j = i + a.length;
        while (j < tokens.length && skip.has(tokens[j])) j++;
        const p = phraseAt(tokens, j, persons);
        if (!p) return null;
        const end = j + p.length;
        if (end === tokens.length && phraseAt(tokens, j, someone)) return { person: p.join(' '), start: i, end };
        // Only ties and persons between ("alguém da recepção agora"), not a clause ("alguém que dá aula agora").
        for (let k = end; k <= Math.min(tokens.length - 1, end + MAX_MODIFIER); k++) {
          if (phraseAt(tokens, k, here)) return { person: p.join(' '), start: i, end };
          if (!joins.has(tokens[k]) && !personWords.has(tokens[k])) return null;
        }
        return null;
      }
      if (!lead.has(tokens[i])) return null;
    }
    return null;
  }
}

/** Shortest word the speller corrects, or corrects to: a shorter one is too often another word one edit away. */
const MIN_SPELLED = 4;

/**
 * A speller for the reader of `lang`: a word no text the detector read has (`known` false), one edit away from
 * exactly one word of the frames' asking phrases and persons, is read as that word ("flar" → "falar", "algien" →
 * "alguien"); requests for a person are often typed in haste.
 */
export function frameSpeller(lang: Language, roles: string[], known: (word: string) => boolean): (normalized: string) => string {
  const f = personFrames(lang);
  const words = [...new Set([...f.ask, ...f.someone, ...f.staff, ...f.need, ...roles].flatMap((p) => normalize(p, lang).split(' ')))].filter((w) => w.length >= MIN_SPELLED);
  const spell = (token: string) => {
    if (token.length < MIN_SPELLED || known(token)) return token;
    const near = words.filter((w) => withinOneEdit(w, token));
    // Between a word one letter longer and another of the same length ("falr": "falar" or "fala"), a letter dropped
    // in haste is the likelier typo.
    const dropped = near.filter((w) => w.length === token.length + 1);
    return near.length === 1 ? near[0] : dropped.length === 1 ? dropped[0] : token;
  };
  return (normalized) => normalized.split(' ').map(spell).join(' ');
}
