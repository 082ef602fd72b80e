// A catalogue search that gives up constraints when nothing matches, as a shop assistant would: the bot says
// which constraints may go and in which order ("material, then colour, then size, then budget"); the search
// tries dropping one, then two…, and says which it dropped so the reply can tell the customer.

/**
 * The sets of constraints to drop, in the order to try them: fewer first, then by `order`
 * (material · colour · size → {material}, {colour}, {size}, {material, colour}, …). Keys not present are skipped.
 */
export function relaxations<K extends string>(present: readonly K[], order: readonly K[]): K[][] {
  const keys = order.filter((k) => present.includes(k));
  const out: K[][] = [];
  const pick = (start: number, size: number, acc: K[]) => {
    if (acc.length === size) return void out.push(acc);
    for (let i = start; i < keys.length; i++) pick(i + 1, size, [...acc, keys[i]]);
  };
  for (let size = 1; size <= keys.length; size++) pick(0, size, []);
  return out;
}

export interface RelaxedResult<Q, R, K extends string = string> {
  items: R[];
  /** Constraints dropped to find something (empty when everything matched; the last tried when nothing did). */
  relaxed: K[];
  /** The query that produced `items`. */
  query: Q;
}

/**
 * Runs `search(query)`; when it finds nothing, runs it again without the constraints of `order` the query holds
 * (a key whose value is undefined is absent), fewer dropped first. Errors of `search` propagate.
 */
export async function searchRelaxing<Q extends object, R, K extends keyof Q & string>(query: Q, order: readonly K[], search: (query: Q) => Promise<R[]>): Promise<RelaxedResult<Q, R, K>> {
  const found = await search(query);
  if (found.length) return { items: found, relaxed: [], query };
  const present = order.filter((k) => query[k] !== undefined);
  let last: RelaxedResult<Q, R, K> = { items: [], relaxed: [], query };
  for (const drop of relaxations(present, order)) {
    const current = { ...query };
    for (const k of drop) delete current[k];
    const items = await search(current);
    last = { items, relaxed: drop, query: current };
    if (items.length) return last;
  }
  return last;
}
