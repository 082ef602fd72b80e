// `switchboard saleor-dev [--port N] [--host H] [--data FILE]`: a local Saleor-compatible GraphQL
// server over the demo catalogue, running until SIGINT/SIGTERM.
import { createSaleorDevServer } from '../../saleor/index.ts';

const USAGE = `Usage: switchboard saleor-dev [--port N] [--host HOST] [--data FILE]
  --port   port to listen on (default: env SALEOR_DEV_PORT or 8000; 0 picks a free one)
  --host   interface to bind (default 127.0.0.1)
  --data   Django fixture with the catalogue (default: env SALEOR_DATA or ../shared/saleor/populatedb_data.json)`;

export interface SaleorDevArgs { port: number; host: string; dataFile?: string }

/** What each flag that takes a value sets. */
const FLAG_SETTERS = new Map<string, (out: SaleorDevArgs, value: string | undefined) => void>([
  ['--port', (out, value) => { out.port = Number(value); }],
  ['--host', (out, value) => { out.host = value ?? ''; }],
  ['--data', (out, value) => { out.dataFile = value; }],
]);

/** `--flag=value` as the flag and its inline value; anything else as itself with no inline value. */
function splitInline(arg: string): [string, string | undefined] {
  if (!arg.startsWith('--') || !arg.includes('=')) return [arg, undefined];
  const eq = arg.indexOf('=');
  return [arg.slice(0, eq), arg.slice(eq + 1)];
}

export function parseSaleorDevArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SaleorDevArgs | { help: true } | { error: string } {
  const out: SaleorDevArgs = { port: Number(env.SALEOR_DEV_PORT ?? 8000), host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = splitInline(arg);
    if (flag === '--help' || flag === '-h') return { help: true };
    const set = FLAG_SETTERS.get(flag);
    if (!set) return { error: `Unknown argument: ${arg}` };
    set(out, inline ?? argv[++i]);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) return { error: 'The port must be an integer between 0 and 65535.' };
  if (!out.host) return { error: '--host needs a value.' };
  return out;
}

export async function run(argv: string[]): Promise<number> {
  const args = parseSaleorDevArgs(argv);
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n${USAGE}`);
    return 2;
  }
  let server;
  try {
    server = await createSaleorDevServer({ port: args.port, host: args.host, dataFile: args.dataFile, eager: true });
  } catch (err) {
    console.error(`Could not start the Saleor dev server: ${(err as Error).message}`);
    return 1;
  }
  console.log(`Saleor dev server (demo catalogue) listening on ${server.url}`);
  console.log(`Use it with SALEOR_API_URL=${server.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  console.log('Saleor dev server stopped.');
  return 0;
}
