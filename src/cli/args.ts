// The flags of a `switchboard <command>`: node:util's parseArgs, with one way of answering --help and a bad flag.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Config = Omit<ParseArgsConfig, 'args' | 'strict'>;

/**
 * Parses `argv` for `command`. `--help`/`-h` prints `usage` and gives exit code 0; an unknown or malformed flag
 * prints the error and the usage and gives 2. Otherwise the parsed values and positionals.
 */
export function commandArgs<T extends Config>(command: string, usage: string, argv: string[], config: T): ReturnType<typeof parseArgs<T & { args: string[] }>> | number {
  const options = { ...config.options, help: { type: 'boolean', short: 'h' } } as const;
  let parsed;
  try {
    parsed = parseArgs({ ...config, options, args: argv });
  } catch (err) {
    console.error(`switchboard ${command}: ${(err as Error).message}\n\n${usage}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  return parsed as unknown as ReturnType<typeof parseArgs<T & { args: string[] }>>;
}
