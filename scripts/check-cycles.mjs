#!/usr/bin/env node
// Import cycles between rooms: every module of src/ belongs to a room (src/engine, src/store, …), every bot to
// bots/<id>, the console to web. madge reads the value imports (type-only imports are left out: they vanish
// when compiled); the file graph is folded into a graph of rooms and any strongly connected set of two or more
// rooms is a cycle. Exits 1 on any cycle.
import madge from 'madge';


const roomOf = (file) => {
  const parts = file.split('/');
  if (parts[0] === 'src') return parts.length > 2 ? `src/${parts[1]}` : 'src';
  if (parts[0] === 'bots') return `bots/${parts[1]}`;
  return parts[0];
};

const result = await madge(['src', 'bots', 'web/src'], {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  excludeRegExp: [/\.test\.tsx?$/, /node_modules/],
  detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
});
const rooms = new Map();
for (const [file, deps] of Object.entries(result.obj())) {
  const from = roomOf(file);
  if (!rooms.has(from)) rooms.set(from, new Set());
  for (const dep of deps) if (roomOf(dep) !== from) rooms.get(from).add(roomOf(dep));
}

// Tarjan's strongly connected components over the rooms.
let index = 0;
const idx = new Map(), low = new Map(), stack = [], onStack = new Set(), cycles = [];
const visit = (v) => {
  idx.set(v, index); low.set(v, index); index++; stack.push(v); onStack.add(v);
  for (const w of rooms.get(v) ?? []) {
    if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); scc.push(w); } while (w !== v);
    if (scc.length > 1) cycles.push(scc.sort().join(' ⇄ '));
  }
};
for (const room of rooms.keys()) if (!idx.has(room)) visit(room);

for (const c of cycles) {
  const members = new Set(c.split(' ⇄ '));
  const edges = [...members].flatMap((from) => [...rooms.get(from)].filter((to) => members.has(to)).map((to) => `${from} → ${to}`));
  console.log(`room cycle: ${c}\n  ${edges.join('\n  ')}`);
}
if (cycles.length) {
  console.error(`${cycles.length} import cycle(s) between rooms (scripts/check-cycles.mjs)`);
  process.exit(1);
}
console.log(`no import cycle between ${rooms.size} rooms`);
