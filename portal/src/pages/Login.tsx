/**
 * /login (SPEC sections 2, 4 and 8): sign in, or request a reset link; an activation link (`?token=`) is
 * checked first; `?unauthorized=1` and `?idle=1` say why the member area sent the user here.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { hasSession, storeSignIn } from '@adsuite/config/session';
import { confirmAccount, requestPasswordReset, signIn, signInFailure } from '../api.ts';
import { TextField } from '../components/Field.tsx';
import { Link } from '../components/Link.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { useI18n, type Translate } from '../i18n/index.tsx';
import type { MessageKey } from '../i18n/de.ts';
import { activate, type Activation } from '../login/activation.ts';
import { ADMIN_SIGN_IN_REASON, arrivalNotice, PASSWORD_CHANGED } from '../login/arrival.ts';
import { navigate } from '../navigation.ts';
import { PATHS } from '../routes.ts';
import { checkEmail, hasProblems, validateNewPassword, validateSignIn, type Problem } from '../validation.ts';
import type { PageProps } from './index.ts';

const text = (t: Translate, problem?: Problem) => (problem ? t(problem.key, problem.params) : undefined);

function useActivation(token: string | undefined) {
  const [activation, setActivation] = useState<Activation | undefined>(token ? { step: 'checking' } : undefined);
  useEffect(() => {
    if (!token) {
      setActivation(undefined);
      return;
    }
    let live = true;
    setActivation({ step: 'checking' });
    void activate(token).then((outcome) => live && setActivation(outcome));
    return () => {
      live = false;
    };
  }, [token]);
  return [activation, setActivation] as const;
}

function SignInForm() {
  const { t } = useI18n();
  const [values, setValues] = useState({ email: '', password: '' });
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const problems = tried ? validateSignIn(values) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (hasProblems(validateSignIn(values))) return;
    setSending(true);
    try {
      const answer = await signIn(values.email, values.password);
      storeSignIn(answer);
      globalThis.sessionStorage?.removeItem(ADMIN_SIGN_IN_REASON);
      window.location.assign(answer.selectedType === 'publisher' ? PATHS.publisherArea : PATHS.memberArea);
    } catch (error) {
      const reason = signInFailure(error);
      setFailure(
        reason.kind === 'message' ? reason.message
          : reason.kind === 'failed' ? t('login.failed')
          : t('login.systemError', { email: t('support.email') }),
      );
      setSending(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} data-form="signin">
      {failure && <Notice tone="error">{failure}</Notice>}
      <TextField name="email" type="email" inputMode="email" label={t('login.email')} autoComplete="username" value={values.email}
        onChange={(email) => setValues((v) => ({ ...v, email }))} error={text(t, problems.email)} />
      <TextField name="password" type="password" label={t('login.password')} autoComplete="current-password" value={values.password}
        onChange={(password) => setValues((v) => ({ ...v, password }))} error={text(t, problems.password)} />
      <button type="submit" className="button button--primary button--block" disabled={sending}>
        {sending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}

/**
 * Asks for a reset link. Whatever fails (a malformed address, a refusal, no connection) reads the same
 * (SPEC section 8 "Reset failure"), and the success text holds for known and unknown addresses alike, so the
 * page never tells whether an account exists.
 */
function ResetRequestForm() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checkEmail(email)) {
      setState('failed');
      return;
    }
    setState('sending');
    try {
      await requestPasswordReset(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  if (state === 'sent') return <Notice tone="success">{t('login.reset.sent')}</Notice>;
  return (
    <form className="form" noValidate onSubmit={submit} data-form="reset">
      <p className="form__lead">{t('login.reset.lead')}</p>
      {state === 'failed' && <Notice tone="error">{t('login.reset.failed')}</Notice>}
      <TextField name="email" type="email" inputMode="email" label={t('login.email')} autoComplete="username" value={email}
        onChange={(next) => {
          setEmail(next);
          if (state === 'failed') setState('editing');
        }} />
      <button type="submit" className="button button--primary button--block" disabled={state === 'sending'}>{t('login.reset.submit')}</button>
    </form>
  );
}

function CreatePasswordForm({ token, onDone }: { token: string; onDone: (ok: boolean) => void }) {
  const { t } = useI18n();
  const [values, setValues] = useState({ password: '', passwordConfirm: '' });
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const problems = tried ? validateNewPassword(values) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (hasProblems(validateNewPassword(values))) return;
    setSending(true);
    try {
      await confirmAccount(token, values.password);
      onDone(true);
    } catch {
      onDone(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} data-form="create-password">
      <h2 className="card__title">{t('login.token.createPassword.title')}</h2>
      <p className="form__lead">{t('login.token.createPassword.lead')}</p>
      <TextField name="password" type="password" label={t('field.password')} hint={t('field.password.hint', { min: 8 })} autoComplete="new-password"
        value={values.password} onChange={(password) => setValues((v) => ({ ...v, password }))} error={text(t, problems.password)} />
      <TextField name="passwordConfirm" type="password" label={t('field.passwordConfirm')} autoComplete="new-password"
        value={values.passwordConfirm} onChange={(passwordConfirm) => setValues((v) => ({ ...v, passwordConfirm }))} error={text(t, problems.passwordConfirm)} />
      <button type="submit" className="button button--primary button--block" disabled={sending}>{t('login.token.createPassword.submit')}</button>
    </form>
  );
}

export function Login({ place }: PageProps) {
  const { t } = useI18n();
  const token = new URLSearchParams(place.search).get('token') ?? undefined;
  const [activation, setActivation] = useActivation(token);
  const [mode, setMode] = useState<'signin' | 'reset'>('signin');
  const [notice] = useState(() => arrivalNotice(place.search, globalThis.sessionStorage?.getItem(ADMIN_SIGN_IN_REASON), hasSession()));
  const passwordChanged = new URLSearchParams(place.search).has(PASSWORD_CHANGED);
  const toSignIn = () => navigate(PATHS.login);
  // The sign-in and reset forms show unless an activation link is being handled.
  const formsShown = !activation || activation.step === 'invalid' || activation.step === 'failed';
  const resetting = formsShown && mode === 'reset';

  let body;
  if (activation?.step === 'checking') {
    body = <p className="muted" role="status">{t('login.token.checking')}</p>;
  } else if (activation?.step === 'createPassword' && token) {
    body = (
      <CreatePasswordForm
        token={token}
        onDone={(ok) => setActivation(ok ? { step: 'done', message: 'login.token.password', hideForm: false } : { step: 'failed' })}
      />
    );
  } else if (activation?.step === 'done') {
    // Agencies wait for the sales check: no sign-in form for them yet.
    body = (
      <div className="stack">
        <Notice tone="success">{t(activation.message)}</Notice>
        {activation.hideForm
          ? <button type="button" className="button button--primary button--block" onClick={toSignIn}>{t('login.toSignIn')}</button>
          : <SignInForm />}
      </div>
    );
  } else {
    body = (
      <>
        {activation?.step === 'invalid' && <Notice tone="warning">{t('login.token.invalid')}</Notice>}
        {activation?.step === 'failed' && <Notice tone="error">{t('login.token.failed')}</Notice>}
        {mode === 'signin' ? <SignInForm /> : <ResetRequestForm />}
        <button type="button" className="button button--link" onClick={() => setMode(mode === 'signin' ? 'reset' : 'signin')}>
          {mode === 'signin' ? t('login.forgot') : t('login.reset.back')}
        </button>
      </>
    );
  }

  return (
    <PageShell actions={<Link className="button button--ghost button--small" href={PATHS.register}>{t('nav.register')}</Link>}>
      <section className="container auth">
        <div className="card auth__card">
          <h1 className="auth__title">{resetting ? t('login.reset.title') : t('login.title')}</h1>
          {formsShown && !resetting && <p className="auth__lead">{t('login.lead')}</p>}
          {notice && !activation && <Notice tone="warning">{t(notice)}</Notice>}
          {passwordChanged && !notice && !activation && !resetting && <Notice tone="success">{t('login.passwordChanged')}</Notice>}
          {body}
        </div>
        <p className="page-aside">
          {t('login.noAccount')} <Link href={PATHS.register}>{t('nav.register')}</Link>
        </p>
      </section>
    </PageShell>
  );
}
