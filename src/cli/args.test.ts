import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandArgs } from './args.ts';

const USAGE = 'Usage: switchboard demo [options]';
const options = { json: { type: 'boolean', default: false }, limit: { type: 'string', default: '10' } } as const;

describe('commandArgs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses flags and positionals', () => {
    const parsed = commandArgs('demo', USAGE, ['ct-smash', '--json', '--limit', '3'], { allowPositionals: true, options });
    expect(parsed).toMatchObject({ values: { json: true, limit: '3' }, positionals: ['ct-smash'] });
  });

  it('answers --help and -h with the usage and exit code 0', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(commandArgs('demo', USAGE, ['--help'], { options })).toBe(0);
    expect(commandArgs('demo', USAGE, ['-h'], { options })).toBe(0);
    expect(log).toHaveBeenCalledWith(USAGE);
  });

  it('refuses an unknown flag or a stray positional with the error, the usage and exit code 2', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(commandArgs('demo', USAGE, ['--bogus'], { options })).toBe(2);
    expect(error.mock.calls[0][0]).toMatch(/^switchboard demo: Unknown option '--bogus'[\s\S]*Usage: switchboard demo/);
    expect(commandArgs('demo', USAGE, ['stray'], { options })).toBe(2);
  });
});
