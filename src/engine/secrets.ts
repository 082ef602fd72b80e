import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of secrets (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
