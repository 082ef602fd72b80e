// Bearer tokens for the console (admin ⊃ operator) and per-session secrets for chat callers.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerCredential, safeEqual } from '../secrets.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors/index.ts';

export type Role = 'admin' | 'operator';

/** A person's own console token: what they do is recorded under their name (the settings audit). */
export interface ConsoleUser {
  name: string;
  role: Role;
  token: string;
}

export interface AuthConfig {
  adminToken: string;
  operatorToken?: string;
  /** Tokens of named people (SWITCHBOARD_CONSOLE_USERS), beside the shared admin and operator tokens. */
  users?: ConsoleUser[];
  /** HS256 secret of the user tokens the embedding application signs (see identity.ts); none: no user is proven. */
  userTokenSecret?: string;
}

export function authFromEnv(env: NodeJS.ProcessEnv = process.env): AuthConfig & { generated: boolean } {
  const adminToken = env.SWITCHBOARD_ADMIN_TOKEN || randomBytes(16).toString('base64url');
  return {
    adminToken,
    operatorToken: env.SWITCHBOARD_OPERATOR_TOKEN || undefined,
    userTokenSecret: env.SWITCHBOARD_USER_TOKEN_SECRET || undefined,
    users: consoleUsers(env.SWITCHBOARD_CONSOLE_USERS),
    generated: !env.SWITCHBOARD_ADMIN_TOKEN,
  };
}

/**
 * SWITCHBOARD_CONSOLE_USERS: `name:role:token` entries separated by commas (`ana:admin:…,bruno:operator:…`).
 * A malformed entry stops the start with what is wrong, rather than locking a person out silently.
 */
export function consoleUsers(spec: string | undefined): ConsoleUser[] {
  if (!spec?.trim()) return [];
  return spec.split(',').map((entry) => {
    const [name, role, ...rest] = entry.trim().split(':');
    const token = rest.join(':');
    if (!/^[\w.@-]{1,64}$/.test(name ?? '') || (role !== 'admin' && role !== 'operator') || token.length < 16) {
      throw new Error(`SWITCHBOARD_CONSOLE_USERS: '${(name ?? '').slice(0, 64)}' must be name:admin|operator:token (a name of letters, digits, . @ _ -; a token of 16+ characters)`);
    }
    return { name, role, token };
  });
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

/** Who presented a console token: the role, and the person's name for a named token. */
export interface ConsoleIdentity {
  role: Role;
  name?: string;
}

function identityOf(req: FastifyRequest, auth: AuthConfig, from: TokenSources): ConsoleIdentity | null {
  const token = presentedToken(req, from);
  if (!token) return null;
  if (safeEqual(token, auth.adminToken)) return { role: 'admin' };
  if (auth.operatorToken && safeEqual(token, auth.operatorToken)) return { role: 'operator' };
  const user = auth.users?.find((u) => safeEqual(token, u.token));
  return user ? { role: user.role, name: user.name } : null;
}

export function roleOf(req: FastifyRequest, auth: AuthConfig, from: TokenSources = {}): Role | null {
  return identityOf(req, auth, from)?.role ?? null;
}

/** Throws 401 without a valid token, 403 when the role is too weak. */
export function requireRole(req: FastifyRequest, auth: AuthConfig, needed: Role, from: TokenSources = {}): Role {
  return requireIdentity(req, auth, needed, from).role;
}

/** As requireRole, with who it is: for what is recorded under a person's name. */
export function requireIdentity(req: FastifyRequest, auth: AuthConfig, needed: Role, from: TokenSources = {}): ConsoleIdentity {
  const identity = identityOf(req, auth, from);
  if (!identity) throw new UnauthenticatedError('missing or invalid token: send Authorization: Bearer <admin or operator token>');
  if (needed === 'admin' && identity.role !== 'admin') throw new ForbiddenError('this action needs the admin token');
  return identity;
}

/** How the settings audit names who made a change: the person of a named token, else the shared token's role. */
export const actorOf = (identity: ConsoleIdentity): string => (identity.name ? `${identity.name} (${identity.role})` : identity.role);

/** A chat caller may read a session only with its secret (returned as sessionToken by the chat route). */
export function sessionTokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-session-token'];
  if (typeof h === 'string') return h;
  const q = (req.query as Record<string, unknown> | undefined)?.sessionToken;
  return typeof q === 'string' ? q : undefined;
}
