// The bot's own text as the skill detector sees it: every word (stem) and unit it says, its distinctive units and
// how many of its examples use each; and the other topics' words and things that text never says.
import { isFunctionWord } from '../nlu/record-match.ts';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { framePair } from './bot-words.ts';
import type { SkillLines } from './data.ts';
import { MIN_TOPIC_WORD } from './reading.ts';
import { stems, units, type SkillVocabulary } from './vocabulary.ts';

/** Shortest stem of a listed thing name (`topic_words`) outside Vietnamese. */
const MIN_THING_NAME = 3;

export interface BotText {
  /** Every word (stem) the detector has seen: the generic lines' and the bot's. */
  seen: Set<string>;
  /** Every word of the bot's own text, and (Vietnamese) every pair of syllables. */
  words: Set<string>;
  units: Set<string>;
  /** Distinctive units: long enough to mean something, and never said in the generic lines. */
  own: Set<string>;
  /** How many of the bot's examples use each distinctive unit. */
  exampleCount: Map<string, number>;
}

/** In Vietnamese a pair of two everyday syllables ("nam nay", "duoc bao"): only ever a weak mark of the bot's. */
function everydayPair(u: string, generic: Set<string>): boolean {
  const parts = u.split(' ');
  return parts.length === 2 && parts.every((p) => generic.has(p));
}

/** The words and units of the bot's examples (`domainLines`) and other text (`domainText`); `names`: the bot's own names. */
export function readBotText(lang: Language, domainLines: string[], domainText: string[], names: string[], vocabulary: SkillVocabulary): BotText {
  const { generic } = vocabulary;
  const text: BotText = { seen: new Set(generic), words: new Set(), units: new Set(), own: new Set(), exampleCount: new Map() };
  const distinctive = distinctiveUnit(lang, names, vocabulary);
  const domainSet = new Set(domainLines);
  for (const t of [...domainLines, ...domainText]) {
    const normalized = normalize(t, lang);
    for (const w of stems(normalized, lang)) {
      text.seen.add(w);
      text.words.add(w);
    }
    for (const u of new Set(units(normalized, lang))) {
      text.units.add(u);
      if (!distinctive(u)) continue;
      text.own.add(u);
      // A pair of two everyday syllables stays a weak mark however often the bot says it.
      if (domainSet.has(t) && !everydayPair(u, generic)) text.exampleCount.set(u, (text.exampleCount.get(u) ?? 0) + 1);
    }
  }
  return text;
}

/** Whether a unit may be the bot's own: not generic, a function word, a framing pair, nor part of the bot's names. */
function distinctiveUnit(lang: Language, names: string[], { generic, genericUnits }: SkillVocabulary): (unit: string) => boolean {
  const nameUnits = new Set(names.flatMap((n) => [...units(normalize(n, lang), lang), ...stems(normalize(n, lang), lang)]));
  const generalWord = (u: string) => genericUnits.has(u) || generic.has(u) || isFunctionWord(u, lang) || framePair(u, lang);
  return (u) => !(generalWord(u) || nameUnits.has(u) || u.split(' ').some((part) => nameUnits.has(part)));
}

export interface OtherTopics {
  /** The background's topic words the bot never uses, and the other topics' things. */
  offTopic: Set<string>;
  /** Names of other topics' things (stems; in Vietnamese pairs of syllables) that the bot's text never says. */
  thingNames: Set<string>;
  /** The listed names as written (folded), outside Vietnamese. */
  thingSurfaces: Set<string>;
  /** Other topics' things of several words ("plano de saúde") that the bot's own text never says. */
  thingPhrases: string[];
}

/** Other topics' words and things the bot's text (`botTexts`, read into `bot`) never says. */
export function otherTopics(lang: Language, lines: SkillLines, vocabulary: SkillVocabulary, bot: BotText, botTexts: string[]): OtherTopics {
  const { everyday, background } = vocabulary;
  const offTopic = new Set<string>();
  for (const w of background) if (w.length >= MIN_TOPIC_WORD[lang] && !everyday.has(w) && !bot.words.has(w)) offTopic.add(w);
  const thingNames = unsaidThings(lang, vocabulary, bot);
  for (const u of thingNames) offTopic.add(u);
  const thingSurfaces = new Set(lang === 'vi' ? [] : lines.topic.flatMap((t) => normalize(t, lang).split(' ')));
  const botText = ` ${botTexts.map((t) => normalize(t, lang)).join(' | ')} `;
  const thingPhrases = [...new Set(lines.topicPhrases.map((p) => normalize(p, lang)))].filter((p) => p && !botText.includes(` ${p} `));
  return { offTopic, thingNames, thingSurfaces, thingPhrases };
}

/** The listed things' names the bot never says. The lists are written for this, so a short name is still a thing ("car", "van"). */
function unsaidThings(lang: Language, { everyday, topicUnits }: SkillVocabulary, bot: BotText): Set<string> {
  const thingNames = new Set<string>();
  for (const u of topicUnits) if (!everyday.has(u) && !bot.words.has(u) && !bot.units.has(u) && !(lang !== 'vi' && u.length < MIN_THING_NAME)) thingNames.add(u);
  return thingNames;
}
