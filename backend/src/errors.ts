/** Typed errors; one middleware maps them to status codes and the `{ message, errors }` body. */
import type { ErrorRequestHandler } from 'express';

export interface FieldError {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly errors: FieldError[] = []) {
    super(message);
  }
}

export class Invalid extends HttpError {
  constructor(message: string, errors: FieldError[] = []) {
    super(400, message, errors);
  }
}

/** A list of field errors; the message is the first error, as the admin shows it (SPEC section 8). */
export function invalidFields(errors: FieldError[]): Invalid {
  return new Invalid(errors[0]?.message ?? 'Invalid input.', errors);
}

export class Unauthorized extends HttpError {
  constructor(message = 'Access Expired.') {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = "You don't have the required permissions to access this page.") {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

/** The selected advertiser/publisher is not one the user may access (any more). */
export class AccessChanged extends HttpError {
  constructor() {
    super(406, 'Access changed.');
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

/**
 * Postgres errors that bad input can still provoke (overflow, invalid text representation, a NUL character in
 * text (22021) or jsonb (22P05)) are input errors.
 */
const PG_INPUT_ERRORS = new Set(['22P02', '22003', '22007', '22008', '22001', '22021', '22P05', '23505', '23503', '23514']);

export const errorMiddleware: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof HttpError) {
    res.status(error.status).json({ message: error.message, errors: error.errors });
    return;
  }
  // body-parser: malformed JSON or a body over the limit
  if (error?.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'Malformed JSON body.', errors: [] });
    return;
  }
  if (error?.type === 'entity.too.large') {
    res.status(413).json({ message: 'Request body too large.', errors: [] });
    return;
  }
  // A path parameter with a malformed percent-escape (`/api/booking/%E0%A4%A`): the router fails to decode it.
  if (error instanceof URIError) {
    res.status(400).json({ message: 'Malformed path: invalid percent-escape.', errors: [] });
    return;
  }
  // Other client errors that Express, body-parser or multer raise with a 4xx status (unsupported charset, ...).
  const status = error?.status ?? error?.statusCode;
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    res.status(status).json({ message: typeof error?.message === 'string' && error.message ? error.message : 'Bad request.', errors: [] });
    return;
  }
  const pgCode = error?.original?.code ?? error?.parent?.code ?? error?.code;
  if (typeof pgCode === 'string' && PG_INPUT_ERRORS.has(pgCode)) {
    const message = pgCode === '23505' ? 'A record with this value exists already.' : 'Invalid input.';
    res.status(400).json({ message, errors: [] });
    return;
  }
  console.error(error);
  res.status(500).json({ message: 'An error occured', errors: [] });
};
