// Runs once before any test file starts: the console's browser tests and the compiled start serve web/dist, so a
// fresh clone's `npm test` builds it first (when it is missing or older than web/src) instead of racing a test
// server that would serve no page.
import { ensureWebBuilt } from '../scripts/ensure-web.mjs';

export default async function setup(): Promise<void> {
  await ensureWebBuilt({ quiet: true, log: (line) => console.log(line) });
}
