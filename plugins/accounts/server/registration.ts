/**
 * Sign-up (SPEC section 3 "Registration payload", section 5 "Registration"): an advertiser registers as a company
 * or an agency with its company name, a publisher with its website. The account starts unconfirmed (doi null);
 * agencies also wait for staff to activate them (loginAllowed false until POST /auth/activate/:id).
 */
import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { INDUSTRY_CODES } from '@adsuite/config';
import { type Core, hashPassword, invalidFields, type Row, text } from '@adsuite/backend/kit';
import {
  checkEmail, checkLanguage, checkName, checkPassword, EMAIL_TAKEN, emailOf, refuseFailed, SIGNUP_PASSWORD_MIN, trimmed, type Check,
} from './rules.ts';

/** Business roles (jobRole codes) of SPEC section 3. */
export const JOB_ROLES = [9, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170];
const PHONE_PATTERN = /^\+?[\d\s()/.-]{5,50}$/;
const MAX_DAILY_BUDGET = 1_000_000;

export type AccountType = 'company' | 'agency' | 'publisher';

export interface Registration {
  accountType: AccountType;
  email: string;
  name: string;
  surname: string;
  password: string;
  language: string;
  /** The advertiser's company name, or the publisher's website. */
  company: string;
  industry: string | null;
  website: string | null;
  /** What the form asked beyond the records (kept in `registrations` for the sales check). */
  details: { newsletter: boolean; phone: string | null; jobRole: number | null; dailyBudget: number | null };
}

const choice = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

function checkCompany(value: unknown): Check {
  const company = trimmed(value);
  return company.length >= 3 && company.length <= 200 ? null : text('accounts.company');
}

function checkWebsite(value: unknown): Check {
  const website = trimmed(value);
  return website.length >= 3 && website.length <= 2000 && !/\s/.test(website) ? null : text('accounts.website');
}

/** Agencies name a daily budget in whole euros, at least 1. */
function checkDailyBudget(value: unknown): Check {
  const budget = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof budget === 'number' && Number.isInteger(budget) && budget >= 1 && budget <= MAX_DAILY_BUDGET
    ? null : text('accounts.daily_budget');
}

function checkPhone(value: unknown): Check {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && PHONE_PATTERN.test(value.trim()) ? null : text('accounts.phone');
}

/** Reads a sign-up body; answers 400 with every broken rule. */
export function checkRegistration(body: Row): Registration {
  const { userType } = body;
  const advertiser = userType === 'advertiser';
  const agency = advertiser && body.accountType === 'agency';
  const common = {
    userType: advertiser || userType === 'publisher' ? null : text('accounts.user_type'),
    name: checkName(body.name),
    surname: checkName(body.surname),
    email: checkEmail(body.email),
    password: checkPassword(body.password, SIGNUP_PASSWORD_MIN),
    language: checkLanguage(body.language),
    newsletter: body.newsletter === undefined || typeof body.newsletter === 'boolean' ? null : text('accounts.newsletter'),
  };
  const particular: Record<string, Check> = userType === 'publisher' ? { website: checkWebsite(body.website) } : !advertiser ? {} : {
    accountType: body.accountType === 'company' || agency ? null : text('accounts.account_type'),
    advertiser: checkCompany(body.advertiser),
    jobRole: JOB_ROLES.includes(Number(choice(body.jobRole) || NaN)) ? null : text('accounts.job_role'),
    industry: INDUSTRY_CODES.includes(choice(body.industry)) ? null : text('accounts.industry'),
    dailyBudget: agency ? checkDailyBudget(body.dailyBudget) : null,
    phone: checkPhone(body.phone),
  };
  refuseFailed({ ...common, ...particular });
  return {
    accountType: advertiser ? (agency ? 'agency' : 'company') : 'publisher',
    email: emailOf(body.email),
    name: trimmed(body.name),
    surname: trimmed(body.surname),
    password: body.password as string,
    language: (body.language as string | undefined) ?? 'de',
    company: trimmed(advertiser ? body.advertiser : body.website),
    industry: advertiser ? choice(body.industry) : null,
    website: advertiser ? null : trimmed(body.website),
    details: {
      newsletter: body.newsletter === true,
      phone: advertiser && typeof body.phone === 'string' && body.phone.trim() ? body.phone.trim() : null,
      jobRole: advertiser ? Number(choice(body.jobRole)) : null,
      dailyBudget: agency ? Number(body.dailyBudget) : null,
    },
  };
}

/** The publisher's website as a URL when it names a host (`news.example.com` -> `https://news.example.com`). */
function websiteUrl(website: string): string | null {
  const url = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  return /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url) ? url : null;
}

/** Creates the login and its advertiser or publisher in one transaction; answers the login. */
export async function register(core: Core, registration: Registration): Promise<Row> {
  const { accountType, email } = registration;
  const password = await hashPassword(registration.password, core.env.bcryptRounds);
  const emailTaken = () => invalidFields([{ field: 'email', message: EMAIL_TAKEN }]);
  try {
    return await core.sequelize.transaction(async (transaction) => {
      const logins = core.model('login');
      if (await logins.count({ where: { email }, transaction })) throw emailTaken();
      const login = (await logins.create({
        email, password, name: registration.name, surname: registration.surname, language: registration.language,
        role: accountType === 'company' ? 'advertiser' : accountType, accountType, doi: null, parent: null,
        loginAllowed: accountType !== 'agency', selectedType: accountType === 'publisher' ? 'publisher' : 'advertiser',
        subscriptions: [], statPreferences: [], advertisers: [],
      }, { transaction })).get({ plain: true }) as Row;
      if (accountType === 'publisher') {
        const publisher = await core.model('publisher').create({ name: registration.company.slice(0, 200), url: websiteUrl(registration.website!), owner: login.id }, { transaction });
        login.selectedPublisher = publisher.get('id');
      } else {
        const advertiser = await core.model('advertiser').create({ name: registration.company, industry: registration.industry, billingType: 'prepaid', balance: 0, owner: login.id }, { transaction });
        login.selectedAdvertiser = advertiser.get('id');
      }
      await logins.update({ selectedAdvertiser: login.selectedAdvertiser ?? null, selectedPublisher: login.selectedPublisher ?? null }, { where: { id: login.id }, transaction });
      await core.sequelize.query('INSERT INTO registrations (login_id, details) VALUES (:loginId, CAST(:details AS jsonb))', {
        replacements: { loginId: login.id, details: JSON.stringify({ ...registration.details, accountType }) }, transaction,
      });
      return login;
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (error instanceof UniqueConstraintError) throw emailTaken();
    throw error;
  }
}

/** What the sign-up form asked beyond the records, for staff (null for accounts that did not sign up). */
export async function registrationOf(core: Core, loginId: string): Promise<Row | null> {
  const [row] = await core.sequelize.query<{ details: Row }>('SELECT details FROM registrations WHERE login_id = :loginId', {
    replacements: { loginId }, type: QueryTypes.SELECT,
  });
  return row?.details ?? null;
}
