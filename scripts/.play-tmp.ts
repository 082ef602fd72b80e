import { join } from 'node:path';
import { playMessages } from '../src/eval/index.ts';
import { projectRoot } from '../src/paths.ts';
const [kind, id, ...texts] = process.argv.slice(2);
const played = await playMessages(join(projectRoot, kind), id, texts);
played.turns.forEach((t, i) => console.log(texts[i], '→', t.mode, t.intents.join('+')));
