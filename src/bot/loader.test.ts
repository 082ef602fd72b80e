import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBots, readBotConfig } from './index.ts';

function botDir(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-bot-'));
  writeFileSync(join(dir, 'bot.yaml'), yaml);
  return dir;
}

const VALID = `id: demo
language: en
understanding: { fallback: other }
intents:
  hello: { label: Hello, examples: [hi, hello] }
  other: { label: Other }
`;

describe('bot loader', () => {
  it('reads a valid bot.yaml with defaults filled in', () => {
    const c = readBotConfig(botDir(VALID));
    expect(c.intents.hello.handoff).toBe(false);
    expect(c.handoff.timeout_minutes).toBe(30);
    expect(c.doubleTexting).toBe('queue');
  });

  it('reads number and money entities and refuses an entity that is two kinds at once or misspells a key', () => {
    const ok = readBotConfig(botDir(`${VALID}entities:\n  - { type: age, number: { after: [years], min: 1, max: 120 } }\n  - { type: budget, money: { before: [budget], units: { grand: 1000 } } }\n`));
    expect(ok.entities.map((e) => e.type)).toEqual(['age', 'budget']);
    expect(() => readBotConfig(botDir(`${VALID}entities:\n  - { type: age, pattern: '\\\\d+', number: { after: [years] } }\n`))).toThrow(/exactly one of pattern, number, money/);
    expect(() => readBotConfig(botDir(`${VALID}entities:\n  - { type: age, number: { befor: [age] } }\n`))).toThrow(/befor/);
    expect(() => readBotConfig(botDir(`${VALID}entities:\n  - { type: age, value: adult, number: { after: [years] } }\n`))).toThrow(/value and asked go with a pattern/);
  });

  // A bot's regex runs on every customer message, in one synchronous call: one that backtracks exponentially (a
  // repetition inside a repetition) would let a 30-letter message stop the process, so it is refused at load; so
  // is a greeting or guardrail pattern that is not a regex at all (it failed every turn that read it).
  it('refuses a regex of the bot (entity, greeting, guardrail) that is invalid or backtracks exponentially', () => {
    expect(() => readBotConfig(botDir(`${VALID}entities:\n  - { type: contact, pattern: '(\\w+\\s?)+@x' }\n`))).toThrow(/entities\.0\.pattern.*repetition inside a repetition/s);
    expect(() => readBotConfig(botDir(`${VALID}greetings: ['(oi']\n`))).toThrow(/greetings\.0.*not a valid regular expression/s);
    expect(() => readBotConfig(botDir(`${VALID}greetings: ['(\\w+ ?)+!']\n`))).toThrow(/repetition inside a repetition/);
    expect(() => readBotConfig(botDir(`${VALID}guardrails: { patterns: { abuse: ['(?:x+y?)*z'] } }\n`))).toThrow(/repetition inside a repetition/);
    expect(readBotConfig(botDir(`${VALID}entities:\n  - { type: contact, pattern: '\\w+(?:\\.\\w+)*@\\w+' }\n`)).entities).toHaveLength(1);
  });

  it('reads understanding.embeddings as a spec or with its deadline, and says what is wrong with one', () => {
    const withEmbeddings = (value: string) => botDir(VALID.replace('understanding: { fallback: other }', `understanding: { fallback: other, embeddings: ${value} }`));
    expect(readBotConfig(withEmbeddings('ollama:bge-m3')).understanding.embeddings).toBe('ollama:bge-m3');
    expect(readBotConfig(withEmbeddings('{ model: openai:text-embedding-3-small }')).understanding.embeddings).toEqual({ model: 'openai:text-embedding-3-small', timeoutMs: 5000 });
    expect(() => readBotConfig(withEmbeddings('anthropic:claude-3-5-haiku-latest'))).toThrow(/understanding\.embeddings[\s\S]*Anthropic has no embedding model/);
    expect(() => readBotConfig(withEmbeddings('nomic-embed-text'))).toThrow(/must look like "provider:model"/);
    expect(() => readBotConfig(withEmbeddings('{ model: ollama:bge-m3, timeoutMs: -1 }'))).toThrow(/understanding\.embeddings/);
  });

  it('takes a language with or without its region, and refuses one the runtime does not read', () => {
    for (const tag of ['es-MX', 'es', 'pt-PT', 'en-GB', 'vi']) expect(readBotConfig(botDir(VALID.replace('language: en', `language: ${tag}`))).language).toBe(tag);
    for (const tag of ['fr', 'es_MX', 'spanish']) expect(() => readBotConfig(botDir(VALID.replace('language: en', `language: ${tag}`)))).toThrow(/language/);
  });

  it('names the file and the field of every mistake', () => {
    const dir = botDir(VALID.replace('fallback: other', 'fallback: generl').replace('language: en', 'language: klingon'));
    expect(() => readBotConfig(dir)).toThrow(/bot\.yaml is not a valid bot definition/);
    try {
      readBotConfig(dir);
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toMatch(/language/);
    }
    const dir2 = botDir(`${VALID.replace('fallback: other', 'fallback: generl')}forms:\n  order: { intent: hello, slots: { when: { kind: dat, ask: "When?" } }, done: "Done." }\n`);
    expect(() => readBotConfig(dir2)).toThrow(/understanding\.fallback: 'generl' is not one of the intents[\s\S]*forms\.order\.slots\.when\.kind/);
    expect(() => readBotConfig(botDir('id: [unclosed'))).toThrow(/bot\.yaml/);
    expect(() => readBotConfig(botDir(`${VALID}\ntimeZone: America/Sao_Pablo\n`))).toThrow(/timeZone: not a time zone/);
  });

  it('rejects unknown keys, naming the nearest valid one', () => {
    const typos = VALID.replace('hello: { label: Hello,', 'hello: { label: Hello, handof: true,')
      .replace('understanding: { fallback: other }', 'understanding: { fallback: other, multi_intent: false }')
      .concat('knowledg: knowledge/\n');
    let msg = '';
    try {
      readBotConfig(botDir(typos));
    } catch (err) {
      msg = (err as Error).message;
    }
    expect(msg).toMatch(/intents\.hello\.handof: unknown key 'handof' — did you mean 'handoff'\?/);
    expect(msg).toMatch(/understanding\.multi_intent: unknown key 'multi_intent' — did you mean 'multiIntent'\?/);
    expect(msg).toMatch(/knowledg: unknown key 'knowledg' — did you mean 'knowledge'\?/);
  });

  it('checks forms: their intent, slot kinds and the reserved confirm stage', () => {
    const form = `forms:
  booking:
    intent: hello
    slots:
      day: { kind: date, ask: "Which day?" }
      confirm: { kind: yesno, ask: "Sure?" }
      size: { kind: shoe_size, ask: "Size?" }
    done: "Booked {day}"
`;
    expect(() => readBotConfig(botDir(VALID + form))).toThrow(/forms\.booking\.slots\.confirm: 'confirm' is the stage[\s\S]*forms\.booking\.slots\.size\.kind: 'shoe_size' is not a slot kind/);
    const withGazetteer = `${VALID}gazetteers: [{ type: shoe_size, values: { "40": [quarenta] } }]\n${form.replace(/ {6}confirm:.*\n/, '')}`;
    expect(readBotConfig(botDir(withGazetteer)).forms.booking.slots.size.required).toBe(true);
  });

  it('checks the profile: field kinds, and a form that keeps its slots there or completes a field of it', () => {
    const profile = `profile:
  fields:
    name: { kind: text }
    size: { kind: shoe_size }
    member: { kind: text }
forms:
  hello:
    profile: true
    completes: member
    slots:
      name: { kind: name, ask: "Your name?" }
    done: "Hi {name}"
`;
    expect(() => readBotConfig(botDir(VALID + profile))).toThrow(/profile\.fields\.size\.kind: 'shoe_size' is not a profile field kind[\s\S]*forms\.hello\.completes: 'member' is not a boolean field of the profile/);
    const noProfile = `${VALID}forms:\n  hello:\n    profile: true\n    slots: { name: { kind: name, ask: "Your name?" } }\n    done: "Hi"\n`;
    expect(() => readBotConfig(botDir(noProfile))).toThrow(/forms\.hello\.profile: the bot has no profile/);
    const fixed = profile.replace('size: { kind: shoe_size }', 'size: { kind: number, min: 30 }').replace('member: { kind: text }', 'member: { kind: boolean }');
    expect(readBotConfig(botDir(VALID + fixed)).profile?.tools).toEqual({ read: 'getProfile', write: 'updateProfile' });
  });

  it('a knowledge folder that does not exist is an error', () => {
    expect(() => readBotConfig(botDir(`${VALID}knowledge: knowledg/\n`))).toThrow(/knowledge: folder .*knowledg.* does not exist/);
  });

  it('loads every bot folder of a directory, with or without code', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sb-bots-'));
    mkdirSync(join(root, 'demo'));
    writeFileSync(join(root, 'demo', 'bot.yaml'), VALID);
    mkdirSync(join(root, 'not-a-bot'));
    const bots = await loadBots(root);
    expect(bots.map((b) => b.config.id)).toEqual(['demo']);
    expect(bots[0].definition.specialists).toEqual({});
  });
});
