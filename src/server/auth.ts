// Bearer tokens for the console (admin ⊃ operator) and per-session secrets for chat callers.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerCredential, safeEqual } from '../engine/index.ts';
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

export interface TokenSources {
  /**
   * Also read `?token=`: only for the console's event stream, since EventSource cannot send headers. Anywhere
   * else a token in a URL would end up in proxies' and browsers' histories, so it is not a credential.
   */
  query?: boolean;
}

function presentedToken(req: FastifyRequest, from: TokenSources): string | undefined {
  const bearer = bearerCredential(req.headers.authorization);
  if (bearer || !from.query) return bearer;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
}

export function roleOf(req: FastifyRequest, auth: AuthConfig, from: TokenSources = {}): Role | null {
  const token = presentedToken(req, from);
  if (!token) return null;
  if (safeEqual(token, auth.adminToken)) return 'admin';
  if (auth.operatorToken && safeEqual(token, auth.operatorToken)) return 'operator';
  return null;
}

/** Throws 401 without a valid token, 403 when the role is too weak. */
export function requireRole(req: FastifyRequest, auth: AuthConfig, needed: Role, from: TokenSources = {}): Role {
  const role = roleOf(req, auth, from);
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
