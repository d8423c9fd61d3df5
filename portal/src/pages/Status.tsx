/** /404 and /403: what went wrong and a way home: the member area for a signed-in user, else the landing page. */
import { hasSession } from '@adsuite/config/session';
import { Link } from '../components/Link.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { useI18n } from '../i18n/index.tsx';
import type { MessageKey } from '../i18n/de.ts';
import { PATHS } from '../routes.ts';

function StatusPage({ code, message }: { code: string; message: MessageKey }) {
  const { t } = useI18n();
  return (
    <PageShell>
      <section className="status container">
        <p className="status__code" aria-hidden="true">{code}</p>
        <h1 className="status__message">{t(message)}</h1>
        {hasSession()
          ? <a className="button button--primary" href={PATHS.memberArea}>{t('nav.memberArea')}</a>
          : <Link className="button button--primary" href={PATHS.landing}>{t('status.home')}</Link>}
      </section>
    </PageShell>
  );
}

export const NotFound = () => <StatusPage code="404" message="status.notfound" />;
export const Forbidden = () => <StatusPage code="403" message="status.forbidden" />;
