// Bearer tokens for the console (admin ⊃ operator) and per-session secrets for chat callers.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../engine/index.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors/index.ts';

export type Role = 'admin' | 'operator';

export interface AuthConfig {
  adminToken: string;
  operatorToken?: string;
  /** HS256 secret of the user tokens the embedding application signs (see identity.ts); none: no user is proven. */
  userTokenSecret?: string;
}

export function authFromEnv(env: NodeJS.ProcessEnv = process.env): AuthConfig & { generated: boolean } {
  const adminToken = env.SWITCHBOARD_ADMIN_TOKEN || randomBytes(16).toString('base64url');
  return {
    adminToken,
    operatorToken: env.SWITCHBOARD_OPERATOR_TOKEN || undefined,
    userTokenSecret: env.SWITCHBOARD_USER_TOKEN_SECRET || undefined,
    generated: !env.SWITCHBOARD_ADMIN_TOKEN,
  };
}

export { safeEqual };

function presentedToken(req: FastifyRequest): string | undefined {
  // The scheme is case-insensitive (RFC 9110 §11.1): `bearer x` is the same credential as `Bearer x`.
  const bearer = /^bearer[ \t]+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (bearer) return bearer[1];
  // EventSource cannot send headers: the console passes the token as a query parameter on /api/events.
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
}

export function roleOf(req: FastifyRequest, auth: AuthConfig): Role | null {
  const token = presentedToken(req);
  if (!token) return null;
  if (safeEqual(token, auth.adminToken)) return 'admin';
  if (auth.operatorToken && safeEqual(token, auth.operatorToken)) return 'operator';
  return null;
}

/** Throws 401 without a valid token, 403 when the role is too weak. */
export function requireRole(req: FastifyRequest, auth: AuthConfig, needed: Role): Role {
  const role = roleOf(req, auth);
  if (!role) throw new UnauthenticatedError('missing or invalid token: send Authorization: Bearer <admin or operator token>');
  if (needed === 'admin' && role !== 'admin') throw new ForbiddenError('this action needs the admin token');
  return role;
}

/** A chat caller may read a session only with its secret (returned as sessionToken by the chat route). */
export function sessionTokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-session-token'];
  if (typeof h === 'string') return h;
  const q = (req.query as Record<string, unknown> | undefined)?.sessionToken;
  return typeof q === 'string' ? q : undefined;
}
