// The built-in skills' example lines, per language (data/<lang>.yaml, data/<lang>-everyday.yaml, data/<lang>-topics.yaml,
// plus data/<lang>-background.yaml where public off-domain lines exist; each file notes its source and licence), and
// generated gibberish.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../nlu/types.ts';
import { projectRoot } from '../paths.ts';
import { readYamlFile } from '../yaml-file.ts';
import type { ShortReplyWords } from './short-replies.ts';

/** What the built-in skills recognise. `out_of_scope` is the background: what no bot of this runtime serves. */
export const SKILL_CLASSES = ['human', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question', 'out_of_scope'] as const;
export type SkillClass = (typeof SKILL_CLASSES)[number];

export interface SkillLines extends Record<SkillClass, string[]> {
  /** Short answers any bot may wait for ("sim", "amanhã", "10h"): trained as the bot's own business. */
  answer: string[];
  /** Everyday words that never mark a message as a bot's own (one string, words separated by spaces). */
  common: string[];
  /**
   * Names of other topics' things (trades, public offices, appliances, animals, foods, school subjects, sports…; one
   * string, words separated by spaces, or in Vietnamese a list of words of several syllables): not trained on, only
   * known as the background's topic words, so that a message naming one and none of the bot's words reads as
   * another topic.
   */
  topic: string[];
  /** Names of other topics' things in several words ("plano de saúde", "obra social"), outside Vietnamese. */
  topicPhrases: string[];
  /** Role nouns of the shared lexicon ("o gerente", "la recepción", "nhân viên tư vấn"): taught in `roleFrames`. */
  roles: string[];
  /**
   * Words that tie one noun to another that qualifies it ("de", "na", "del", "of"; one string, words separated by
   * spaces): "a mensalidade da escola" is the school's fee.
   */
  links: string[];
  /** Words that say where a noun is ("na", "en", "at"): only another topic's listed things count after them. */
  weakLinks: string[];
  /** Articles and possessives between such a link and the qualifying noun ("da [minha] escola"). */
  determiners: string[];
  /** Frames of a request for a person with `{role}`. */
  roleFrames: string[];
  /** Roles joined to a bot's word with `{thing}` ("o professor de {thing}"): each bot teaches them with its own words. */
  staffOf: string[];
  /** Words of short acknowledgements (`short_replies`), read by `shortReplyReader` rather than trained. */
  shortReplies: ShortReplyWords;
}

const DATA_DIR = join(projectRoot, 'src', 'skills', 'data');
const cache = new Map<Language, SkillLines>();

/** Every skill's lines in `lang` (cached; the files are read once per process). */
export function skillLines(lang: Language): SkillLines {
  let lines = cache.get(lang);
  if (!lines) cache.set(lang, (lines = readLines(lang)));
  return lines;
}

function readLines(lang: Language): SkillLines {
  const out = Object.fromEntries([...SKILL_CLASSES, 'answer', 'common', 'topic', 'roles', 'roleFrames', 'staffOf', 'links', 'weakLinks', 'determiners', 'topicPhrases'].map((c) => [c, [] as string[]])) as unknown as SkillLines;
  out.shortReplies = { acknowledge: [], thanks: [], filler: [] };
  for (const file of [`${lang}.yaml`, `${lang}-background.yaml`, `${lang}-everyday.yaml`, `${lang}-topics.yaml`]) {
    const path = join(DATA_DIR, file);
    if (!existsSync(path)) continue;
    const doc = (readYamlFile(path) ?? {}) as Partial<Record<string, unknown>>;
    for (const c of [...SKILL_CLASSES, 'answer'] as const) {
      const list = doc[c];
      if (Array.isArray(list)) out[c].push(...list.filter((x): x is string => typeof x === 'string' && x.trim() !== ''));
    }
    if (typeof doc.common === 'string') out.common.push(...doc.common.split(/\s+/).filter(Boolean));
    if (typeof doc.links === 'string') out.links.push(...doc.links.split(/\s+/).filter(Boolean));
    if (typeof doc.weak_links === 'string') out.weakLinks.push(...doc.weak_links.split(/\s+/).filter(Boolean));
    if (typeof doc.determiners === 'string') out.determiners.push(...doc.determiners.split(/\s+/).filter(Boolean));
    // A string of words, or (Vietnamese, whose words are several syllables) a list of words.
    if (typeof doc.topic_words === 'string') out.topic.push(...doc.topic_words.split(/\s+/).filter(Boolean));
    else out.topic.push(...strings(doc.topic_words));
    out.topicPhrases.push(...strings(doc.topic_phrases));
    out.human.push(...roleRequests(strings(doc.roles), strings(doc.role_requests)));
    out.roles.push(...strings(doc.roles));
    out.roleFrames.push(...strings(doc.role_requests));
    out.staffOf.push(...strings(doc.staff_of));
    const short = (doc.short_replies ?? {}) as Partial<Record<keyof ShortReplyWords, unknown>>;
    for (const part of ['acknowledge', 'thanks', 'filler'] as const) out.shortReplies[part].push(...strings(short[part]));
  }
  out.out_of_scope.push(...gibberish(60, 7));
  return out;
}

const strings = (list: unknown): string[] => (Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);

/**
 * The word lists under `keys` of data/<folder>/<lang>.yaml, each the non-empty strings written there (empty lists
 * when the language has no such file).
 */
export function readWordLists<K extends string>(folder: string, lang: Language, keys: readonly K[]): Record<K, string[]> {
  const path = join(DATA_DIR, folder, `${lang}.yaml`);
  const doc = (existsSync(path) ? readYamlFile(path) : null) as Partial<Record<string, unknown>> | null;
  return Object.fromEntries(keys.map((k) => [k, strings(doc?.[k])])) as Record<K, string[]>;
}

/** Frames each role is put into: enough to teach the role as a request, few enough not to outweigh the other lines. */
const FRAMES_PER_ROLE = 3;

/**
 * Requests for a person by role ("chama o gerente", "¿está la encargada?"): each role in a few of the frames, taken
 * in turn so that every frame meets several roles.
 */
export function roleRequests(roles: string[], frames: string[]): string[] {
  if (!frames.length) return [];
  return roles.flatMap((role, i) => Array.from({ length: Math.min(FRAMES_PER_ROLE, frames.length) }, (_, k) => frames[(i * FRAMES_PER_ROLE + k) % frames.length].replace('{role}', role)));
}

const KEYS = 'qwertyuiopasdfghjklzxcvbnm';
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/**
 * Keyboard mashes and random letter strings ("sdkfj qwe zxcvb"), seeded so every process trains the same model:
 * text made of no words at all is out of scope in every language.
 */
export function gibberish(count: number, seed: number): string[] {
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const int = (n: number) => Math.floor(rand() * n);
  const word = () => {
    const len = 2 + int(6);
    if (rand() < 0.5) {
      // A run along one keyboard row.
      const row = ROWS[int(ROWS.length)];
      const start = int(Math.max(1, row.length - len));
      return row.slice(start, start + len);
    }
    let w = '';
    for (let i = 0; i < len; i++) w += KEYS[int(KEYS.length)];
    return w;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(Array.from({ length: 1 + int(3) }, word).join(' '));
  return out;
}
