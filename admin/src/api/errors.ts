/**
 * Reading the server's error answers (ARCHITECTURE "Errors and bad input": 400 `{ message, errors: [...] }`)
 * the way SPEC section 8 wants them shown.
 */
export interface ServerFieldError {
  field?: string;
  message?: string;
  constraints?: Record<string, string>;
}

export interface ServerErrorBody {
  message?: string;
  errors?: ServerFieldError[] | Record<string, string>;
}

const asList = (errors: ServerErrorBody['errors']): ServerFieldError[] =>
  Array.isArray(errors) ? errors : errors && typeof errors === 'object'
    ? Object.entries(errors).map(([field, message]) => ({ field, message: String(message) }))
    : [];

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};

/**
 * The message to show: the first entry of `errors`, else `message`, else the validation constraint
 * messages capitalised with a full stop and joined by spaces.
 */
export function errorMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const { message, errors } = body as ServerErrorBody;
  const list = asList(errors);
  const first = list.find((entry) => entry.message)?.message;
  if (first) return first;
  if (message) return message;
  const constraints = list.flatMap((entry) => Object.values(entry.constraints ?? {})).filter(Boolean);
  return constraints.length ? constraints.map(sentence).join(' ') : undefined;
}

/** The errors that name a field, keyed by field, as react-admin's forms expect them in `body.errors`. */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const fieldErrors: Record<string, string> = {};
  for (const entry of asList((body as ServerErrorBody).errors)) {
    const message = entry.message ?? Object.values(entry.constraints ?? {}).map(sentence).join(' ');
    if (entry.field && message && !(entry.field in fieldErrors)) fieldErrors[entry.field] = message;
  }
  return fieldErrors;
}
