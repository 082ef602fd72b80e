// Who a chat caller is. A `userId` in a request body is only a claim: anyone can type "maria@example.com".
// The application that embeds the chat proves it by signing a user token (a JWT, HS256, with the secret in
// SWITCHBOARD_USER_TOKEN_SECRET); channels prove it with their own verified identity (a WhatsApp number
// through a signed webhook). Console tokens (admin, operator) may act for anyone.
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors/index.ts';

/** jose, loaded by the first user token: most servers never see one, and loading it is start-up time. */
const jose = () => import('jose');

/** The claims a user token must carry: who (`sub`) and until when (`exp`). */
const REQUIRED_CLAIMS = ['sub', 'exp'];
/** Clock skew tolerated between the signing application and this server. */
const CLOCK_TOLERANCE_S = 30;

export interface Identity {
  userId?: string;
  /** true: `userId` was proven by a signed token. */
  verified: boolean;
}

/** The user token of a request: the body's `userToken`, else the `X-User-Token` header. */
export function userTokenOf(req: FastifyRequest, fromBody?: string): string | undefined {
  if (fromBody) return fromBody;
  const h = req.headers['x-user-token'];
  return typeof h === 'string' && h ? h : undefined;
}

/**
 * The caller's user: proven by `token` (its subject; a `userId` that names someone else is refused), or the
 * bare `claimed` id, unverified. A token that does not verify is a 401, never silently ignored.
 */
export async function resolveIdentity(token: string | undefined, claimed: string | undefined, secret: string | undefined): Promise<Identity> {
  if (!token) return { userId: claimed, verified: false };
  if (!secret) throw new UnauthenticatedError('user tokens are not accepted here: the server has no SWITCHBOARD_USER_TOKEN_SECRET');
  const userId = await verifyUserToken(token, secret);
  if (claimed !== undefined && claimed !== userId) throw new ForbiddenError('the userToken is for another user than userId');
  return { userId, verified: true };
}

/** A user token as the embedding application signs it (the eval and tests sign theirs the same way). */
export async function signUserToken(userId: string, secret: string, expiresIn: string | number = '1h'): Promise<string> {
  const { SignJWT } = await jose();
  return new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(secret));
}

/** The user id (`sub`) of a JWT signed with HS256 and `secret`, or a 401 that says what is wrong. */
async function verifyUserToken(token: string, secret: string): Promise<string> {
  const { errors, jwtVerify } = await jose();
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: REQUIRED_CLAIMS,
      clockTolerance: CLOCK_TOLERANCE_S,
    });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new UnauthenticatedError('invalid userToken: its subject (sub) must be the user id');
    return payload.sub;
  } catch (err) {
    if (err instanceof UnauthenticatedError) throw err;
    if (err instanceof errors.JWTExpired) throw new UnauthenticatedError('userToken expired: ask the application for a new one');
    if (err instanceof errors.JOSEError) throw new UnauthenticatedError(`invalid userToken (${err.code})`);
    throw err;
  }
}
