/** /privacy: the full privacy policy with a table of contents, back button, language switch and register link. */
import { Link } from '../components/Link.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { Prose } from '../components/Prose.tsx';
import { useI18n } from '../i18n/index.tsx';
import { canGoBack, navigate } from '../navigation.ts';
import { PATHS } from '../routes.ts';

/** Sections in order; each has `privacy.<name>.title` and `.body`. */
export const PRIVACY_SECTIONS = [
  'controller', 'dpo', 'overview', 'logs', 'registration', 'cookies', 'retention', 'newsletter', 'recipients', 'rights',
  'optout', 'security', 'changes',
] as const;

function goBack() {
  // Came from another page of this site: go back there; opened directly: go to the landing page.
  if (canGoBack()) history.back();
  else navigate(PATHS.landing);
}

export function Privacy() {
  const { t } = useI18n();
  return (
    <PageShell actions={<button type="button" className="button button--ghost button--small" onClick={goBack}>← {t('nav.back')}</button>}>
      <article className="container legal">
        <header className="page-heading">
          <h1>{t('privacy.title')}</h1>
          <p className="muted">{t('privacy.updated')}</p>
          <p className="lead">{t('privacy.intro')}</p>
        </header>
        <nav className="legal__toc card" aria-label={t('privacy.toc')}>
          <h2 className="card__title">{t('privacy.toc')}</h2>
          <ol>
            {PRIVACY_SECTIONS.map((name) => (
              <li key={name}><a href={`#${name}`}>{t(`privacy.${name}.title`).replace(/^\d+\.\s*/, '')}</a></li>
            ))}
          </ol>
        </nav>
        {PRIVACY_SECTIONS.map((name) => (
          <section key={name} id={name} className="legal__section prose">
            <h2>{t(`privacy.${name}.title`)}</h2>
            <Prose text={t(`privacy.${name}.body`)} />
          </section>
        ))}
        <div className="legal__actions">
          <button type="button" className="button button--ghost" onClick={goBack}>← {t('nav.back')}</button>
          <Link className="button button--primary" href={PATHS.register}>{t('privacy.registerCta')}</Link>
        </div>
      </article>
    </PageShell>
  );
}
