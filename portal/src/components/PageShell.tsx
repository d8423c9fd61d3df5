/**
 * Frame of the small pages (login, register, FAQ, ...): logo, links, language switch, content, footer. Its
 * default link leads a signed-in user back to the member area, anyone else to the sign-in page.
 */
import type { ReactNode } from 'react';
import { hasSession } from '@adsuite/config/session';
import { useI18n } from '../i18n/index.tsx';
import { PATHS } from '../routes.ts';
import { Footer } from './Footer.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Link } from './Link.tsx';
import { Logo } from './Logo.tsx';

export function PageShell({ children, actions, wide = false }: { children: ReactNode; actions?: ReactNode; wide?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="page">
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <header className="topbar topbar--plain">
        <div className="container topbar__inner">
          <Logo />
          <div className="topbar__actions">
            {actions ?? (hasSession()
              ? <a className="button button--ghost button--small" href={PATHS.memberArea}>{t('nav.memberAreaShort')}</a>
              : <Link className="button button--ghost button--small" href={PATHS.login}>{t('nav.login')}</Link>)}
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main id="content" className={`page__main ${wide ? 'page__main--wide' : ''}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
