/**
 * Any path containing /resetpassword: a new password, twice; saved, the page confirms it and goes on to /login,
 * which confirms it again above the sign-in form (SPEC section 2, section 8 "password changed").
 */
import { useState, type FormEvent } from 'react';
import { saveNewPassword } from '../api.ts';
import { TextField } from '../components/Field.tsx';
import { Link } from '../components/Link.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { useI18n } from '../i18n/index.tsx';
import { PASSWORD_CHANGED } from '../login/arrival.ts';
import { navigate } from '../navigation.ts';
import { PATHS } from '../routes.ts';
import { hasProblems, validateNewPassword } from '../validation.ts';
import type { PageProps } from './index.ts';

/** How long the saved message stays before the sign-in page opens. */
const REDIRECT_DELAY_MS = 2000;

export function ResetPassword({ route }: PageProps) {
  const { t } = useI18n();
  const [values, setValues] = useState({ password: '', passwordConfirm: '' });
  const [tried, setTried] = useState(false);
  const [state, setState] = useState<'editing' | 'sending' | 'saved' | 'failed'>('editing');
  const problems = tried ? validateNewPassword(values) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!route.token || hasProblems(validateNewPassword(values))) return;
    setState('sending');
    try {
      await saveNewPassword(route.token, values.password);
      setState('saved');
      setTimeout(() => navigate(`${PATHS.login}?${PASSWORD_CHANGED}=1`, { replace: true }), REDIRECT_DELAY_MS);
    } catch {
      setState('failed');
    }
  }

  return (
    <PageShell>
      <section className="container auth">
        <div className="card auth__card">
          <h1 className="auth__title">{t('reset.title')}</h1>
          {!route.token ? (
            <Notice tone="error">{t('reset.noToken')}</Notice>
          ) : state === 'saved' ? (
            <Notice tone="success">{t('reset.saved')}</Notice>
          ) : (
            <form className="form" noValidate onSubmit={submit} data-form="new-password">
              <p className="form__lead">{t('reset.lead')}</p>
              {state === 'failed' && <Notice tone="error">{t('reset.failed')}</Notice>}
              <TextField name="password" type="password" label={t('reset.password')} autoComplete="new-password" value={values.password}
                onChange={(password) => setValues((v) => ({ ...v, password }))}
                error={problems.password && t(problems.password.key, problems.password.params)} />
              <TextField name="passwordConfirm" type="password" label={t('reset.passwordConfirm')} autoComplete="new-password" value={values.passwordConfirm}
                onChange={(passwordConfirm) => setValues((v) => ({ ...v, passwordConfirm }))}
                error={problems.passwordConfirm && t(problems.passwordConfirm.key)} />
              <button type="submit" className="button button--primary button--block" disabled={state === 'sending'}>{t('reset.submit')}</button>
            </form>
          )}
          <Link className="button button--link" href={PATHS.login}>{t('login.reset.back')}</Link>
        </div>
      </section>
    </PageShell>
  );
}
