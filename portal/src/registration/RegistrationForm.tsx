/**
 * One registration form (company, agency or publisher). Submitting shows the thank-you state asking to
 * check the mail, also when the call failed (SPEC section 4); only a successful call clears the fields.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { INDUSTRY_LABELS } from '@adsuite/config/i18n/industries';
import { signUp } from '../api.ts';
import { CheckboxField, SelectField, TextField } from '../components/Field.tsx';
import { Link } from '../components/Link.tsx';
import { Notice } from '../components/Notice.tsx';
import { messageKey, useI18n, type Translate } from '../i18n/index.tsx';
import { PATHS } from '../routes.ts';
import { hasProblems, PASSWORD_MIN, type Problem } from '../validation.ts';
import {
  emptyRegistration, FIELDS, INDUSTRIES, JOB_ROLES, registrationPayload, validateRegistration,
  type RegistrationField, type RegistrationKind, type RegistrationValues,
} from './registration.ts';

/** Puts a link node where the message has `{link}`. */
function withLink(text: string, link: ReactNode): ReactNode {
  const [before, after = ''] = text.split('{link}');
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

const problemText = (t: Translate, problem?: Problem) => (problem ? t(problem.key, problem.params) : undefined);

export function RegistrationForm({ kind, passwordMin = PASSWORD_MIN, footer }: {
  kind: RegistrationKind;
  passwordMin?: number;
  footer?: ReactNode;
}) {
  const { t, language } = useI18n();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [tried, setTried] = useState(false);
  const [state, setState] = useState<'editing' | 'sending' | 'done'>('editing');
  const formRef = useRef<HTMLFormElement>(null);

  const problems = tried ? validateRegistration(kind, values, passwordMin) : {};
  const shown = new Set(FIELDS[kind]);
  const set = <F extends RegistrationField>(field: F) => (value: RegistrationValues[F]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const error = (field: RegistrationField) => problemText(t, problems[field]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (hasProblems(validateRegistration(kind, values, passwordMin))) {
      // Let the messages render, then take the user to the first one.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setState('sending');
    try {
      await signUp(registrationPayload(kind, values, language));
      setValues(emptyRegistration());
      setTried(false);
    } catch {
      // The thank-you state shows all the same; the fields stay filled for another try.
    }
    setState('done');
  }

  if (state === 'done') {
    return (
      <div className="thanks" role="status">
        <svg className="thanks__icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="#e7f8f1" />
          <path d="M12 17h24v15H12z" fill="none" stroke="#14966b" strokeWidth="2.4" strokeLinejoin="round" />
          <path d="m12 17 12 9 12-9" fill="none" stroke="#14966b" strokeWidth="2.4" strokeLinejoin="round" />
        </svg>
        <h3 className="thanks__title">{t('register.thanks.title')}</h3>
        <p>{t('register.thanks.text')}</p>
        {kind === 'agency' && <p>{t('register.thanks.agency')}</p>}
        <p className="thanks__hint">{t('register.thanks.noMail', { email: t('support.email') })}</p>
        <div className="thanks__actions">
          <Link className="button button--primary" href={PATHS.login}>{t('login.toSignIn')}</Link>
          <button type="button" className="button button--ghost" onClick={() => setState('editing')}>{t('register.thanks.again')}</button>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form form--registration" noValidate onSubmit={submit} data-kind={kind}>
      {tried && hasProblems(problems) && <Notice tone="error">{t('validation.summary')}</Notice>}
      <div className="form__grid">
        <TextField name="name" label={t('field.name')} autoComplete="given-name" value={values.name} onChange={set('name')} error={error('name')} />
        <TextField name="surname" label={t('field.surname')} autoComplete="family-name" value={values.surname} onChange={set('surname')} error={error('surname')} />
        <TextField name="email" type="email" inputMode="email" label={t('field.email')} autoComplete="email" value={values.email} onChange={set('email')} error={error('email')} />
        {shown.has('phone') && (
          <TextField name="phone" type="tel" inputMode="tel" label={t('field.phone')} optional={t('register.optional')} autoComplete="tel" value={values.phone} onChange={set('phone')} error={error('phone')} />
        )}
        {shown.has('website') && (
          <TextField name="website" type="url" inputMode="url" label={t('field.website')} placeholder={t('field.website.placeholder')} autoComplete="url" value={values.website} onChange={set('website')} error={error('website')} />
        )}
        {shown.has('advertiser') && (
          <TextField
            name="advertiser"
            className="form__full"
            label={t(kind === 'agency' ? 'field.agency' : 'field.company')}
            autoComplete="organization"
            value={values.advertiser}
            onChange={set('advertiser')}
            error={error('advertiser')}
          />
        )}
        {shown.has('jobRole') && (
          <SelectField
            name="jobRole"
            label={t('field.jobRole')}
            placeholder={t('field.jobRole.placeholder')}
            options={JOB_ROLES.map((code) => ({ value: String(code), label: t(messageKey(`jobRole.${code}`)) }))}
            value={values.jobRole}
            onChange={set('jobRole')}
            error={error('jobRole')}
          />
        )}
        {shown.has('industry') && (
          <SelectField
            name="industry"
            label={t('field.industry')}
            placeholder={t('field.industry.placeholder')}
            options={INDUSTRIES.map((code) => ({ value: code, label: INDUSTRY_LABELS[code][language] }))
              .sort((a, b) => (a.value === '6100' ? 1 : b.value === '6100' ? -1 : a.label.localeCompare(b.label, language)))}
            value={values.industry}
            onChange={set('industry')}
            error={error('industry')}
          />
        )}
        {shown.has('dailyBudget') && (
          <TextField
            name="dailyBudget"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            label={t('field.dailyBudget')}
            hint={t('field.dailyBudget.hint')}
            value={values.dailyBudget}
            onChange={set('dailyBudget')}
            error={error('dailyBudget')}
          />
        )}
        <TextField
          name="password"
          type="password"
          className="form__first"
          label={t('field.password')}
          hint={t('field.password.hint', { min: passwordMin })}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={error('password')}
        />
        <TextField name="passwordConfirm" type="password" label={t('field.passwordConfirm')} autoComplete="new-password" value={values.passwordConfirm} onChange={set('passwordConfirm')} error={error('passwordConfirm')} />
      </div>
      <div className="form__checks">
        <CheckboxField
          name="terms"
          label={withLink(t('field.terms'), <Link href={PATHS.terms} target="_blank">{t('field.terms.link')}</Link>)}
          checked={values.terms}
          onChange={set('terms')}
          error={error('terms')}
        />
        <CheckboxField
          name="privacy"
          label={withLink(t('field.privacy'), <Link href={PATHS.privacy} target="_blank">{t('field.privacy.link')}</Link>)}
          checked={values.privacy}
          onChange={set('privacy')}
          error={error('privacy')}
        />
        <CheckboxField name="newsletter" label={t('field.newsletter')} checked={values.newsletter} onChange={set('newsletter')} />
      </div>
      <button type="submit" className="button button--primary button--block" disabled={state === 'sending'}>
        {state === 'sending' ? t('register.submitting') : t('register.submit')}
      </button>
      {footer}
    </form>
  );
}
