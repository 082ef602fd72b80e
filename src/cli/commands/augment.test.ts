import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBotConfig } from '../../bot/index.ts';
import { useFakeLlmServer } from '../../../test/support/fake-llm-server.ts';
import { run } from './augment.ts';

const BOT = `# A small shop (comments survive --accept)
id: shop
language: en
model: local
understanding: { fallback: other }
intents:
  price:
    label: Price question
    examples:
      - how much is it
      - what does it cost
      - what is the price
      - is it expensive
      - price please
  delivery:
    label: Delivery
    examples:
      - when will my order arrive
      - where is my package
      - how long does shipping take
      - has my parcel been sent
      - track my delivery
  other: { label: Other, examples: [tell me a joke, what is the weather] }
`;

function botsDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'sb-augment-'));
  mkdirSync(join(root, 'shop'));
  writeFileSync(join(root, 'shop', 'bot.yaml'), BOT);
  return root;
}

describe('switchboard augment', () => {
  const llm = useFakeLlmServer();
  const env = () => ({ OPENAI_BASE_URL: llm.url, SWITCHBOARD_LLM_TIMEOUT_MS: '10000' });

  it('asks the model per intent, screens the paraphrases, writes a review file with accuracy before and after, and --accept adds them to bot.yaml', async () => {
    const root = botsDir();
    llm.enqueue(
      {
        json: {
          paraphrases: [
            'how much does this cost?', // new
            'hw much for the big one', // new, with a typo
            'How much is it', // repeats an example (case only)
            'when will my order arrive', // another intent's example
            '  1. whats the price of shipping to lisbon  ', // numbering stripped
          ],
        },
      },
      { json: { paraphrases: ['is my stuff on the way yet', 'whens my package coming'] } },
    );
    const lines: string[] = [];
    const code = await run(['shop', '--intent', 'price', '--intent', 'delivery', '--count', '5', '--model', 'openai:gpt-4o-mini'], { env: env(), botsDir: root, log: (l) => lines.push(l) });
    expect(code).toBe(0);
    // One structured call per intent, in the bot's language, showing the intent's examples.
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0].text).toContain('English');
    expect(llm.requests[0].text).toContain('Price question');
    expect(llm.requests[0].text).toContain('- what does it cost');
    expect(llm.requests[1].text).toContain('- track my delivery');

    const review = readFileSync(join(root, 'shop', 'augment.review.yaml'), 'utf8');
    expect(review).toMatch(/# Cross-validated accuracy of local understanding \(\d folds, \d+ examples\): [\d.]+% now, [\d.]+% with these 5 paraphrases/);
    expect(review).toContain('"how much does this cost?"');
    expect(review).toContain('"whats the price of shipping to lisbon"');
    expect(review).toContain('"whens my package coming"');
    expect(review).not.toContain('"How much is it"');
    expect(review).not.toContain('"when will my order arrive"');
    expect(lines.join('\n')).toMatch(/dropped \(already an example\): \[price\] How much is it/);
    expect(lines.join('\n')).toMatch(/dropped \(already an example of delivery\): \[price\] when will my order arrive/);

    // The author deletes one proposal, then accepts the rest.
    writeFileSync(join(root, 'shop', 'augment.review.yaml'), review.replace(/.*hw much for the big one.*\n/, ''));
    expect(await run(['shop', '--accept'], { env: env(), botsDir: root, log: (l) => lines.push(l) })).toBe(0);
    expect(existsSync(join(root, 'shop', 'augment.review.yaml'))).toBe(false);
    const yaml = readFileSync(join(root, 'shop', 'bot.yaml'), 'utf8');
    expect(yaml).toContain('# A small shop (comments survive --accept)');
    const config = readBotConfig(join(root, 'shop'));
    expect(config.intents.price.examples).toEqual(['how much is it', 'what does it cost', 'what is the price', 'is it expensive', 'price please', 'how much does this cost?', 'whats the price of shipping to lisbon']);
    expect(config.intents.delivery.examples.slice(-2)).toEqual(['is my stuff on the way yet', 'whens my package coming']);
    expect(config.intents.other.examples).toEqual(['tell me a joke', 'what is the weather']);
  });

  it('a model failure on one intent keeps the others and exits 1', async () => {
    const root = botsDir();
    const respond = llm.respond;
    llm.respond = (req) => (req.text.includes('Price question') ? { status: 500, errorMessage: 'boom' } : { json: { paraphrases: ['where my parcel at'] } });
    const lines: string[] = [];
    let code: number;
    try {
      code = await run(['shop', '--intent', 'price', '--intent', 'delivery', '--model', 'openai:gpt-4o-mini'], { env: env(), botsDir: root, log: (l) => lines.push(l) });
    } finally {
      llm.respond = respond;
    }
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/price: the model failed/);
    expect(readFileSync(join(root, 'shop', 'augment.review.yaml'), 'utf8')).toContain('"where my parcel at"');
  });

  it('refuses without a model, with an unknown bot or intent, a bad count, or nothing to accept', async () => {
    const root = botsDir();
    const errors: string[] = [];
    const error = console.error;
    console.error = (m: string) => errors.push(m);
    try {
      expect(await run(['shop'], { env: {}, botsDir: root })).toBe(2);
      expect(errors.pop()).toMatch(/needs a model/);
      expect(await run(['nope'], { env: env(), botsDir: root })).toBe(2);
      expect(errors.pop()).toMatch(/no bot 'nope'/);
      expect(await run(['shop', '--intent', 'refund', '--model', 'openai:x'], { env: env(), botsDir: root })).toBe(2);
      expect(errors.pop()).toMatch(/unknown intent\(s\): refund/);
      expect(await run(['shop', '--count', '0', '--model', 'openai:x'], { env: env(), botsDir: root })).toBe(2);
      expect(await run(['shop', '--accept'], { env: env(), botsDir: root })).toBe(2);
      expect(errors.pop()).toMatch(/nothing to accept/);
    } finally {
      console.error = error;
    }
    expect(llm.requests).toHaveLength(0);
  });
});
