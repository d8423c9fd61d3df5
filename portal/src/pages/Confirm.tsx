/** Any path containing /confirm: confirms the e-mail address with the link's token, then points to /login. */
import { useEffect, useState } from 'react';
import { confirmAccount } from '../api.ts';
import { Link } from '../components/Link.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { useI18n } from '../i18n/index.tsx';
import { PATHS } from '../routes.ts';
import type { PageProps } from './index.ts';

export function Confirm({ route }: PageProps) {
  const { t } = useI18n();
  const [state, setState] = useState<'checking' | 'confirmed' | 'failed'>(route.token ? 'checking' : 'failed');

  useEffect(() => {
    if (!route.token) return;
    let live = true;
    confirmAccount(route.token).then(
      () => live && setState('confirmed'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [route.token]);

  return (
    <PageShell>
      <section className="container auth">
        <div className="card auth__card">
          <h1 className="auth__title">{t('confirm.title')}</h1>
          {state === 'checking' && <p className="muted" role="status">{t('confirm.checking')}</p>}
          {state === 'confirmed' && <Notice tone="success">{t('confirm.success')}</Notice>}
          {state === 'failed' && <Notice tone="error">{t('confirm.failed')}</Notice>}
          <Link className="button button--primary button--block" href={PATHS.login}>{t('confirm.toLogin')}</Link>
        </div>
      </section>
    </PageShell>
  );
}
