/** Why a Saleor request failed: the bot answers all of them the same way, logs tell them apart. */
export type SaleorErrorKind = 'network' | 'timeout' | 'http' | 'graphql' | 'bad_response';

export class SaleorError extends Error {
  readonly kind: SaleorErrorKind;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** GraphQL error messages returned by the server. */
  readonly graphqlErrors: string[];

  constructor(kind: SaleorErrorKind, message: string, opts: { status?: number; graphqlErrors?: string[]; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'SaleorError';
    this.kind = kind;
    this.status = opts.status;
    this.graphqlErrors = opts.graphqlErrors ?? [];
  }
}

export function isSaleorError(err: unknown): err is SaleorError {
  return err instanceof SaleorError;
}
