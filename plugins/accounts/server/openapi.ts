/**
 * The account routes in /api/openapi.json (SPEC section 7): the public sign-up, confirmation and password
 * calls, users for staff, agency activation, sub-accounts and the mail delivery note. Answers that could tell
 * whether an address has an account (reset, sendverification) are the same for every address.
 */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { JOB_ROLES } from './registration.ts';
import { SUBACCOUNT_ROLES } from './subaccounts.ts';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, listParams, object, query, schema } = openapi;

const ok = (field: string) => json(`\`{ ${field}: "ok" }\``, { type: 'object', properties: { [field]: { const: 'ok' } } });
const email = { type: 'string', format: 'email', minLength: 6 };
const language = { type: 'string', enum: ['de', 'en'] };
const logins = json('Users; header Content-Range: login start-end/total', { type: 'array', items: schema('login') });
const uuid = { type: 'string', format: 'uuid' };
const time = { type: ['string', 'null'], format: 'date-time' };
/** A sub-account as every answer shows it (subaccounts.ts `present`). */
const subaccountRecord = object({
  id: uuid, _id: uuid, email: { type: 'string' }, name: { type: 'string' }, surname: { type: 'string' },
  role: { type: 'string', enum: SUBACCOUNT_ROLES }, loginAllowed: { type: 'boolean' }, lastLogin: time, doi: { ...time, description: 'When the e-mail address was confirmed' },
  avatar: { type: ['string', 'null'] }, advertisers: { type: 'array', items: uuid }, hasPassword: { type: 'boolean', description: 'False while the invitation is not taken' },
  parent: { anyOf: [uuid, { type: 'null' }], description: 'The main account' }, language: { type: 'string', enum: ['de', 'en'] }, created: { type: 'string', format: 'date-time' },
}, ['id', '_id', 'email', 'name', 'surname', 'role', 'loginAllowed', 'lastLogin', 'doi', 'avatar', 'advertisers', 'hasPassword', 'parent', 'language', 'created']);
const subaccount = json('The sub-account', subaccountRecord);
const subaccountFields = {
  email, name: { type: 'string', minLength: 2 }, surname: { type: 'string', minLength: 2 },
  role: { type: 'string', enum: SUBACCOUNT_ROLES, description: 'client is stored as advertiser' }, language,
  advertisers: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'The advertisers it may access (of its main account)' },
};
/** What a change may name: the address is the account's own to confirm, not changed by others. */
const { email: _address, ...changeable } = subaccountFields;
const subaccountId = inPath('id', 'The sub-account');

export const accountApi: Paths = {
  '/api/auth/signup': {
    post: {
      tags: ['auth'], summary: 'Register an advertiser (company or agency) or a publisher; mails a confirmation link', security: [],
      requestBody: body({
        userType: { type: 'string', enum: ['advertiser', 'publisher'] }, email, name: { type: 'string', minLength: 2 }, surname: { type: 'string', minLength: 2 },
        password: { type: 'string', minLength: 6 }, language, newsletter: { type: 'boolean' },
        accountType: { type: 'string', enum: ['company', 'agency'], description: 'Advertisers' }, advertiser: { type: 'string', minLength: 3, description: 'Company name (advertisers)' },
        jobRole: { type: 'integer', enum: JOB_ROLES, description: 'Advertisers: the position (SPEC section 3 codes)' }, industry: { type: 'string' }, dailyBudget: { type: 'number', minimum: 1, description: 'Agencies' }, phone: { type: 'string' },
        website: { type: 'string', description: 'Publishers' },
      }, ['userType', 'email', 'name', 'surname', 'password']),
      responses: {
        201: json('`{ result: "ok", accountType, email }`', { type: 'object', properties: { result: { const: 'ok' }, accountType: { type: 'string' }, email: { type: 'string' } } }),
        400: answer('Invalid'), 429: answer('TooManyRequests'),
      },
    },
  },
  '/api/auth/validtoken': {
    get: {
      tags: ['auth'], summary: 'Whether a confirmation or invitation link is still valid, and for which account type', security: [], parameters: [query('token', 'The link\'s token')],
      responses: { 200: json('`{ valid, login: { accountType, email } | null }`', { type: 'object', properties: { valid: { type: 'boolean' }, login: { type: ['object', 'null'] } } }) },
    },
  },
  '/api/auth/checkconfirm': {
    post: {
      tags: ['auth'], summary: 'Confirm the e-mail address by its link; an invitation link also sets the first password', security: [],
      requestBody: body({ token: { type: 'string' }, password: { type: 'string', minLength: 8, description: 'Invitations only' } }, ['token']),
      responses: { 200: json('`{ result: "ok", accountType }`', { type: 'object', properties: { result: { const: 'ok' }, accountType: { type: 'string' } } }), 400: answer('Invalid') },
    },
  },
  '/api/auth/reset': {
    post: {
      tags: ['auth'], summary: 'Mail a password reset link (the same answer for every address)', security: [],
      requestBody: body({ email }, ['email']), responses: { 200: ok('token'), 400: answer('Invalid'), 429: answer('TooManyRequests') },
    },
  },
  '/api/auth/newpassword': {
    post: {
      tags: ['auth'], summary: 'Set a new password by the reset link\'s token', security: [],
      requestBody: body({ token: { type: 'string' }, password: { type: 'string', minLength: 8 } }, ['token', 'password']),
      responses: { 200: json('`{ success: true }`', { type: 'object', properties: { success: { const: true } } }), 400: answer('Invalid') },
    },
  },
  '/api/auth/sendverification': {
    post: {
      tags: ['auth'], summary: 'Mail the confirmation link again (the same answer for every address)', security: [],
      requestBody: body({ email }, ['email']), responses: { 200: ok('result'), 400: answer('Invalid'), 429: answer('TooManyRequests') },
    },
  },
  '/api/auth/logins': {
    get: { tags: ['auth'], summary: 'Users, as the generic list of logins', parameters: listParams, responses: { 200: logins, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') } },
  },
  '/api/auth/logins/{ids}': {
    get: {
      tags: ['auth'], summary: 'The users with these ids', parameters: [{ name: 'ids', in: 'path', required: true, schema: { type: 'string', 'x-ref': 'login' }, description: 'Comma-separated ids, at most 1000' }, ...listParams],
      responses: { 200: logins, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/auth/login/{id}': {
    get: {
      tags: ['auth'], summary: 'A user: oneself, or anyone for staff (with what the sign-up form asked)', parameters: [inPath('id', 'The user')],
      responses: { 200: json('The user (+ registration for staff)', schema('login')), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/auth/activate/{id}': {
    post: {
      tags: ['auth'], summary: 'Activate an account, e.g. an agency checked by sales (admins): allows its sign-in', parameters: [inPath('id', 'The user')],
      responses: { 200: json('The user', schema('login')), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/auth/subaccounts': {
    get: {
      tags: ['subaccounts'], summary: 'The sub-accounts the user manages', parameters: [query('parent', 'The main account (the own one; any for the systemoperator)'), query('role', SUBACCOUNT_ROLES.join(', '))],
      responses: { 200: json('Sub-accounts; header Content-Range', { type: 'array', items: subaccountRecord }), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/auth/subaccount': {
    post: {
      tags: ['subaccounts'], summary: 'Create a sub-account and mail it an invitation to set its password',
      requestBody: body({ ...subaccountFields, parent: { type: 'string', format: 'uuid', description: 'The main account (systemoperator)' } }, ['email', 'name', 'surname', 'role']),
      responses: { 201: subaccount, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/auth/subaccount/{id}': {
    get: { tags: ['subaccounts'], summary: 'A sub-account', parameters: [subaccountId], responses: { 200: subaccount, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') } },
    patch: {
      tags: ['subaccounts'], summary: 'Change a sub-account (never its password or e-mail address)', parameters: [subaccountId],
      requestBody: body({ ...changeable, loginAllowed: { type: 'boolean', description: 'Only once it has a password' } }),
      responses: { 200: subaccount, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
    delete: { tags: ['subaccounts'], summary: 'Remove a sub-account', parameters: [subaccountId], responses: { 200: subaccount, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') } },
  },
  '/api/auth/subaccount/{id}/recovery': {
    post: {
      tags: ['subaccounts'], summary: 'Mail a new password link, or the invitation again while it has no password', parameters: [subaccountId],
      responses: { 200: ok('result'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/mail/delivery': {
    get: {
      tags: ['mail'], summary: 'Whether mail goes out through SMTP, and to which host (systemoperator, who reads the outbox)',
      responses: { 200: json('`{ smtp, server }`', { type: 'object', properties: { smtp: { type: 'boolean' }, server: { type: ['string', 'null'] } } }), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
};
