import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { acceptIntoBotYaml, readReview, reviewText } from './review.ts';

const YAML = `id: demo   # aligned comment
language: en
understanding: { fallback: other, exclusive: [ other ] }
intents:
  hello:
    label: Hello
    examples:
      - hi
      - "hello there"   # a comment on the last item
  other: { label: Other, examples: [nope, "what?"] }
  bye:
    label: Bye
    examples: []
replies:
  hello: Hi!
`;

describe('review file and bot.yaml', () => {
  it('the review text reads back as the same proposals', () => {
    const proposals = [
      { intent: 'hello', text: 'hey: "you"' },
      { intent: 'bye', text: '#1 - see ya' },
    ];
    const dir = mkdtempSync(join(tmpdir(), 'sb-review-'));
    writeFileSync(join(dir, 'r.yaml'), reviewText(proposals, ['a header', 'two lines']));
    expect(readFileSync(join(dir, 'r.yaml'), 'utf8')).toMatch(/^# a header\n# two lines\nintents:/);
    expect(readReview(join(dir, 'r.yaml'))).toEqual(proposals);
  });

  it('appends to block and flow lists as text, leaving every other line as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-review-'));
    writeFileSync(join(dir, 'bot.yaml'), YAML);
    const added = acceptIntoBotYaml(dir, [
      { intent: 'hello', text: 'good morning' },
      { intent: 'hello', text: 'hi' }, // already there
      { intent: 'other', text: 'blah: blah' },
      { intent: 'bye', text: 'see you' },
    ]);
    expect(added).toEqual({ hello: 1, other: 1, bye: 1 });
    const out = readFileSync(join(dir, 'bot.yaml'), 'utf8');
    expect(out).toContain('      - "hello there"   # a comment on the last item\n      - "good morning"\n  other:');
    expect(out).toContain('understanding: { fallback: other, exclusive: [ other ] }');
    const parsed = parse(out) as { intents: Record<string, { examples: string[] }> };
    expect(parsed.intents.hello.examples).toEqual(['hi', 'hello there', 'good morning']);
    expect(parsed.intents.other.examples).toEqual(['nope', 'what?', 'blah: blah']);
    expect(parsed.intents.bye.examples).toEqual(['see you']);
    expect(out.split('\n').filter((l) => !YAML.split('\n').includes(l))).toHaveLength(3);
    expect(() => acceptIntoBotYaml(dir, [{ intent: 'refund', text: 'x' }])).toThrow(/no intent 'refund'/);
  });
});
