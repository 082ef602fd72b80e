// The reference bots' conversation tests (bots/*/conversations.yaml), played over HTTP against the real server as
// `switchboard eval` plays them: one server and one runtime per bot for all of its conversations. A turn marked
// `known:` is a gap the bot's README names: it is reported, not failed; every other turn must pass.
import { describe, expect, it } from 'vitest';
import { botsWithConversations, failuresOf, knownGapsOf, runEval } from '../src/eval/index.ts';

const referenceBots = botsWithConversations();

describe('reference bots play their conversations', () => {
  it('finds the reference bots', () => {
    expect(referenceBots).toEqual(['cloudinha', 'ct-smash', 'fashion-vn', 'la-formula', 'mini-crm']);
  });

  it.each(referenceBots)('%s plays its conversations', async (bot) => {
    // fashion-vn asks the local demo Saleor; a generous deadline for a loaded 2-core machine (its first answer builds a 1 MB schema).
    const env = { ...process.env, SALEOR_DEV: '1', SALEOR_TIMEOUT_MS: '60000' };
    const report = await runEval({ bots: [bot], compareModels: false, env });
    const evaluation = report.bots[0];
    expect(evaluation.error).toBeUndefined();
    const run = evaluation.run!;
    const gaps = knownGapsOf(run).failing;
    if (gaps.length) console.info(`${bot}: ${gaps.length} known gap(s)\n${gaps.map((t) => `  ${t.conversation} #${t.index + 1} "${t.user}": ${t.known}`).join('\n')}`);
    const failures = failuresOf(run).map((t) => `${t.conversation} #${t.index + 1} "${t.user}": ${t.failures.join('; ')}`);
    expect(failures).toEqual([]);
    expect(run.conversations.length).toBeGreaterThanOrEqual(5);
  }, 600_000);
});
