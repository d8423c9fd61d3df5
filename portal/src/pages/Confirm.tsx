/**
 * Any path containing /confirm: confirms the e-mail address with the link's token and says what follows by
 * account type (SPEC section 4 "Login"): a company may sign in now, an agency waits for the sales check. An
 * invited sub-account's link asks for a password first, which the sign-in page does.
 */
import { useEffect, useState } from 'react';
import { Link } from '../components/Link.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { useI18n } from '../i18n/index.tsx';
import { activate, type Activation } from '../login/activation.ts';
import { navigate } from '../navigation.ts';
import { PATHS } from '../routes.ts';
import type { PageProps } from './index.ts';

export function Confirm({ route }: PageProps) {
  const { t } = useI18n();
  const [activation, setActivation] = useState<Activation>(route.token ? { step: 'checking' } : { step: 'invalid' });

  useEffect(() => {
    if (!route.token) return;
    let live = true;
    void activate(route.token).then((outcome) => {
      if (!live) return;
      if (outcome.step === 'createPassword') navigate(`${PATHS.login}?token=${encodeURIComponent(route.token!)}`, { replace: true });
      else setActivation(outcome);
    });
    return () => {
      live = false;
    };
  }, [route.token]);

  return (
    <PageShell>
      <section className="container auth">
        <div className="card auth__card">
          <h1 className="auth__title">{t('confirm.title')}</h1>
          {activation.step === 'checking' || activation.step === 'createPassword'
            ? <p className="muted" role="status">{t('confirm.checking')}</p>
            : activation.step === 'done'
              ? <Notice tone="success">{t(activation.message)}</Notice>
              : <Notice tone="error">{t(activation.step === 'failed' ? 'login.token.failed' : 'confirm.failed')}</Notice>}
          <Link className="button button--primary button--block" href={PATHS.login}>{t('confirm.toLogin')}</Link>
        </div>
      </section>
    </PageShell>
  );
}
