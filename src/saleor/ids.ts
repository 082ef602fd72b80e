// Saleor's global IDs: base64("<TypeName>:<pk>").

export function toGlobalId(type: string, pk: number | string): string {
  return Buffer.from(`${type}:${pk}`, 'utf8').toString('base64');
}

/** Decodes a global ID; null when the string is not one. */
export function fromGlobalId(id: string): { type: string; pk: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(id)) return null;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  const m = /^([A-Z][A-Za-z]+):(.+)$/.exec(decoded);
  return m ? { type: m[1], pk: m[2] } : null;
}

/** The pk when `id` is a global ID of `type`, else null. */
export function pkOf(id: string, type: string): string | null {
  const parsed = fromGlobalId(id);
  return parsed && parsed.type === type ? parsed.pk : null;
}
