import { describe, expect, it } from 'vitest';
import { linesTable } from './check.ts';

describe('switchboard check --lines', () => {
  it("prints each bot's TypeScript and data lines, its data share, and the totals", () => {
    const table = linesTable([
      { id: 'shop', codeLines: 300, dataLines: 900, share: 0.75 },
      { id: 'faq-bot', codeLines: 0, dataLines: 120, share: 1 },
    ]);
    expect(table.map((l) => l.split(/\s{2,}/))).toEqual([
      ['bot', 'TS lines', 'data lines', 'data share'],
      ['shop', '300', '900', '75%'],
      ['faq-bot', '0', '120', '100%'],
      ['total', '300', '1020', '77%'],
    ]);
  });
});
