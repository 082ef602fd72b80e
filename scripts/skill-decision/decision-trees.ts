// Gradient-boosted shallow trees as the skill decision reads them (decide.ts): softmax over classes, one small
// regression tree per class and round. Fitted by scripts/skill-decision/boosted-trees.ts.

/** A tree: a leaf's score, or a split `[feature, threshold, below, above]` (`x[feature] < threshold` goes below). */
export type TreeNode = number | [feature: number, threshold: number, below: TreeNode, above: TreeNode];

export interface BoostedTrees {
  classes: readonly string[];
  /** Each class's score before any tree. */
  base: number[];
  /** Per round, one tree per class. */
  rounds: TreeNode[][];
}

/** The class probabilities of one feature vector. */
export function predictBoosted(model: BoostedTrees, x: number[]): number[] {
  const z = [...model.base];
  for (const trees of model.rounds) trees.forEach((tree, c) => (z[c] += leafOf(tree, x)));
  return softmax(z);
}

/** The leaf score a tree gives a feature vector. */
export function leafOf(node: TreeNode, x: number[]): number {
  let n = node;
  while (typeof n !== 'number') n = x[n[0]] < n[1] ? n[2] : n[3];
  return n;
}

export function softmax(z: number[]): number[] {
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / total);
}
