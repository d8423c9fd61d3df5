/**
 * The server kit: the one door through which a plugin's server half uses the core, as `@adsuite/admin/kit` is
 * for its screens (ARCHITECTURE.md "Plugins"). What is not exported here is private to the core; the backend
 * package exports only this, the test kit and the server entry.
 *
 *   import { contextOf, Invalid, listRecords, type Core, type ServerPlugin } from '@adsuite/backend/kit';
 */

// The plugin contract and what a request knows
export type { Core, RequestContext } from './core.ts';
export type { ServerPlugin, JobHandler, JobHandlers, PrimaryService } from './plugin.ts';
export { primaryServices } from './plugin.ts';
export { contextOf, tenantsOf } from './auth/context.ts';
/** The API's token check as a middleware, for a plugin's pages outside /api that take the same tokens (the data console). */
export { requireAuth } from './auth/tokens.ts';
export type { Env } from './env.ts';
export { ROOT_DIR } from './env.ts';

// Errors: thrown by services, mapped to `{ message, errors }` answers by one middleware
export {
  AccessChanged, Forbidden, HttpError, Invalid, invalidFields, inWords, NotFound, requestLanguage, text, TooManyRequests, Unauthorized,
  type FieldError, type Message, type ServerText,
} from './errors.ts';
export { earliestDay, periodOf, type Period } from './http/period.ts';
export { formatCount, formatDay, formatEur, formatEuros, inBoth, inSentence, languageOf, say, translate, type Language } from '@adsuite/config/i18n/serverText';
export { valueLabel } from '@adsuite/config/i18n/values';

// Declared resources: the generic operations with their access and tenant rules
export { isUuid, serialize, toCents, toEuros, type Row } from './resources/values.ts';
export { createRecord, deleteRecord, getRecord, listRecords, recoverRecord, updateRecord, type ListResult, type WriteOptions } from './resources/service.ts';
export { checkInput } from './resources/input.ts';
export { MAX_JSON_DEPTH } from './http/jsonInput.ts';
export { escapeLike, parseListQuery, type ListQuery } from './resources/listQuery.ts';
export { accessWhere, canOnRow } from './resources/access.ts';
export { recordActivity } from './resources/activity.ts';

// Accounts
export { hashPassword, verifyPassword } from './auth/passwords.ts';
export { isConfirmed } from './auth/router.ts';
export { attemptLimiter, type AttemptLimiter } from './auth/rateLimit.ts';

// Background jobs and mail
export { isLastRun, PermanentFailure, type JobRun } from './jobs/queue.ts';
export { deliverMail, MAIL_TEMPLATES, mailIdOf, queueMail, sendMail, type Mail, type MailAttachment, type MailData, type MailTemplate, type SentMail } from './mail/index.ts';

// Route descriptions for /api/openapi.json (ServerPlugin.openapi)
export * as openapi from './openapiParts.ts';
