// Errors raised by the core and understood by every edge (HTTP server, channels, CLI).
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}
