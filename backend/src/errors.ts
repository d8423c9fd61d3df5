/**
 * Typed errors; one middleware maps them to status codes and the `{ message, errors }` body, in the request's
 * language. An error names its text by key (`text('errors.not_found')`, catalogue in config/i18n/serverMessages.ts)
 * and the middleware puts it into words once it knows the language; a plain string is sent as it is.
 */
import type { ErrorRequestHandler, Request } from 'express';
import { languageOf, say, text, type Language, type ServerText } from '@adsuite/config/i18n/serverText';

export { text, type ServerText } from '@adsuite/config/i18n/serverText';

/** What a message may be: a text of the catalogue (translated per request) or a literal string. */
export type Message = string | ServerText;

export interface FieldError {
  field: string;
  message: Message;
}

/** The English words of a message (logs, `error.message`). */
const english = (message: Message) => (typeof message === 'string' ? message : say('en', message));

export class HttpError extends Error {
  readonly text: Message;
  constructor(readonly status: number, message: Message, readonly errors: FieldError[] = []) {
    super(english(message));
    this.text = message;
  }
}

export class Invalid extends HttpError {
  constructor(message: Message, errors: FieldError[] = []) {
    super(400, message, errors);
  }
}

/** A list of field errors; the message is the first error, as the admin shows it (SPEC section 8). */
export function invalidFields(errors: FieldError[]): Invalid {
  return new Invalid(errors[0]?.message ?? text('errors.invalid_input'), errors);
}

export class Unauthorized extends HttpError {
  constructor(message: Message = text('errors.access_expired')) {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: Message = text('errors.forbidden')) {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message: Message = text('errors.not_found')) {
    super(404, message);
  }
}

/** The selected advertiser/publisher is not one the user may access (any more). */
export class AccessChanged extends HttpError {
  constructor(message: Message = text('errors.access_changed')) {
    super(406, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: Message) {
    super(429, message);
  }
}

/**
 * The language the answer to `req` is written in: the `Language` header every request of the admin and the
 * portal carries (SPEC section 7), else the signed-in user's stored language, else German.
 */
export function requestLanguage(req: Request): Language {
  return languageOf(req.get('Language') ?? req.adsuite?.user.language);
}

/** A message in words of `language`. */
export function inWords(message: Message, language: Language): string {
  return typeof message === 'string' ? message : say(language, message);
}

/**
 * Postgres errors that bad input can still provoke (overflow, invalid text representation, a NUL character in
 * text (22021) or jsonb (22P05)) are input errors.
 */
const PG_INPUT_ERRORS = new Set(['22P02', '22003', '22007', '22008', '22001', '22021', '22P05', '23505', '23503', '23514']);

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  const language = requestLanguage(req);
  const answer = (status: number, message: Message, errors: FieldError[] = []) => {
    res.status(status).json({
      message: inWords(message, language),
      errors: errors.map((e) => ({ ...e, message: inWords(e.message, language) })),
    });
  };
  if (error instanceof HttpError) return answer(error.status, error.text, error.errors);
  // body-parser: malformed JSON or a body over the limit
  if (error?.type === 'entity.parse.failed') return answer(400, text('errors.malformed_json'));
  if (error?.type === 'entity.too.large') return answer(413, text('errors.body_too_large'));
  // A path parameter with a malformed percent-escape (`/api/booking/%E0%A4%A`): the router fails to decode it.
  if (error instanceof URIError) return answer(400, text('errors.malformed_path'));
  // Other client errors that Express, body-parser or multer raise with a 4xx status: an unsupported charset or
  // content encoding by name, the rest as a bad request (their own words are English).
  const status = error?.status ?? error?.statusCode;
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    if (error?.type === 'charset.unsupported') return answer(status, text('errors.unsupported_charset', { charset: String(error.charset ?? '') }));
    if (error?.type === 'encoding.unsupported') return answer(status, text('errors.unsupported_encoding', { encoding: String(error.encoding ?? '') }));
    return answer(status, text('errors.bad_request'));
  }
  const pgCode = error?.original?.code ?? error?.parent?.code ?? error?.code;
  if (typeof pgCode === 'string' && PG_INPUT_ERRORS.has(pgCode)) {
    return answer(400, pgCode === '23505' ? text('errors.value_taken') : text('errors.invalid_input'));
  }
  console.error(error);
  answer(500, text('errors.internal'));
};
