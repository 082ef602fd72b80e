// Edge probes of a bot (`switchboard check --edge`): its own words put in sentences about other businesses and
// matters (school, doctor, bank, delivery, government, another shop), and requests for its staff in its own words
// (the shared role nouns, and roles joined to its words: "o professor de jiu-jitsu"). The frames are shipped per
// language in data/edge-frames/<lang>.yaml; the bot's understanding should send the first to its fallback and hand
// the others over.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../nlu/types.ts';
import { projectRoot } from '../paths.ts';
import { readYamlFile } from '../yaml-file.ts';
import { botWords } from './bot-words.ts';
import { skillLines } from './data.ts';

export interface EdgeProbe {
  text: string;
  /** What the bot should make of it: its fallback (out of scope), or a hand-over to a person. */
  expect: 'out_of_scope' | 'human';
  /** other_topic: a bot's word about something else; role: a shared role noun; staff: a role joined to a bot's word; bot_role: a role of the bot's `skills.human.roles`. */
  kind: 'other_topic' | 'role' | 'staff' | 'bot_role';
  /** The other topic of an other_topic probe (school, doctor, bank, delivery, government, other_shop). */
  topic?: string;
  /** The bot's word in it. */
  word?: string;
  /** The role noun in it. */
  role?: string;
}

export interface EdgeProbeOptions {
  language: Language;
  /** The bot's examples per intent (its fallback's excepted). */
  domain: Record<string, string[]>;
  names?: string[];
  /** The bot's own role nouns (`skills.human.roles`). */
  roles?: string[];
}

interface EdgeFrames {
  topics: { topic: string; frame: string }[];
  person: string[];
}

/** Of the bot's words (each intent's in turn), this many are probed. */
const PROBED_WORDS = 10;
/** Each probed word is put in this many other topics' frames, taken in turn so that every frame is used. */
const FRAMES_PER_WORD = 3;

const FRAMES_DIR = join(projectRoot, 'src', 'skills', 'data', 'edge-frames');
const cache = new Map<Language, EdgeFrames>();

export function edgeFrames(lang: Language): EdgeFrames {
  let frames = cache.get(lang);
  if (frames) return frames;
  const path = join(FRAMES_DIR, `${lang}.yaml`);
  const doc = (existsSync(path) ? readYamlFile(path) : null) as { other_topics?: Record<string, unknown>; person?: unknown } | null;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.includes('{')) : []);
  frames = {
    topics: Object.entries(doc?.other_topics ?? {}).flatMap(([topic, list]) => strings(list).map((frame) => ({ topic, frame }))),
    person: strings(doc?.person),
  };
  cache.set(lang, frames);
  return frames;
}

/** The probes of a bot, in a fixed order (the same bot gives the same probes). */
export function edgeProbes(opts: EdgeProbeOptions): EdgeProbe[] {
  const { topics, person } = edgeFrames(opts.language);
  const lexicon = skillLines(opts.language);
  const words = botWords(opts.domain, opts.language, opts.names).slice(0, PROBED_WORDS);
  const out: EdgeProbe[] = [];
  if (topics.length) {
    words.forEach((w, i) => {
      for (let k = 0; k < Math.min(FRAMES_PER_WORD, topics.length); k++) {
        const { topic, frame } = topics[(i * FRAMES_PER_WORD + k) % topics.length];
        out.push({ text: frame.replace('{thing}', w.phrase).replace('{word}', w.word), expect: 'out_of_scope', kind: 'other_topic', topic, word: w.word });
      }
    });
  }
  if (person.length) {
    const ask = (role: string, i: number) => person[i % person.length].replace('{role}', role);
    lexicon.roles.forEach((role, i) => out.push({ text: ask(role, i), expect: 'human', kind: 'role', role }));
    // Staff are of a thing ("la profe de yoga"): only the words the examples say as names of things.
    if (lexicon.staffOf.length) {
      words.filter((w) => w.noun).forEach((w, i) => {
        const role = lexicon.staffOf[i % lexicon.staffOf.length].replace('{thing}', w.word);
        out.push({ text: ask(role, i + 1), expect: 'human', kind: 'staff', role, word: w.word });
      });
    }
    (opts.roles ?? []).forEach((role, i) => out.push({ text: ask(role, i + 2), expect: 'human', kind: 'bot_role', role }));
  }
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.text) && seen.add(p.text));
}
