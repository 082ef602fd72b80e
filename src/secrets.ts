// Comparing and reading secrets (tokens, API keys): shared by the server, the engine and the metrics endpoint.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of secrets (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** The credential of an `Authorization: Bearer …` value, the scheme in any case (RFC 7235, RFC 9110 §11.1). */
export function bearerCredential(authorization: string | undefined): string | undefined {
  return /^bearer[ \t]+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
