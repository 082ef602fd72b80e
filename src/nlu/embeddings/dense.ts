// Dense text vectors as extra features of the linear intent classifier: a pretrained representation
// (e.g. a static word-vector table) knows that "lost" and "stolen" are close even when a bot's ten examples
// never say both. The vector is appended after the sparse n-gram features, scaled by `weight`.

export interface DenseFeatures {
  /** Identifies the representation (a trained snapshot is only reused with the same one). */
  readonly id: string;
  readonly dim: number;
  /** Length of the appended vector relative to the sparse part (which has length 1). */
  readonly weight: number;
  /** A unit-length vector of a normalised text, or null when it knows none of its words. */
  embed(normalized: string): Float32Array | null;
}

/** Appends `dense`'s vector of `normalized` to a sparse vector's indices and values, from index `offset`. */
export function appendDense(dense: DenseFeatures, normalized: string, offset: number, idx: number[], val: number[]): void {
  const v = dense.embed(normalized);
  if (!v) return;
  for (let j = 0; j < v.length; j++) {
    if (v[j] === 0) continue;
    idx.push(offset + j);
    val.push(dense.weight * v[j]);
  }
}
