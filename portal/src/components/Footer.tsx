/** Footer of every page: copyright, privacy, FAQ and terms links, language switch. */
import { useI18n } from '../i18n/index.tsx';
import { PATHS } from '../routes.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Link } from './Link.tsx';
import { Logo } from './Logo.tsx';

export function Footer({ full = false }: { full?: boolean }) {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        {full && (
          <div className="footer__about">
            <Logo tone="light" />
            <p>{t('footer.about')}</p>
          </div>
        )}
        <nav className="footer__links" aria-label={t('nav.menu')}>
          <Link href={PATHS.privacy}>{t('footer.privacy')}</Link>
          <Link href={PATHS.faq}>{t('footer.faq')}</Link>
          <Link href={PATHS.terms}>{t('footer.terms')}</Link>
          <LanguageSwitch tone="dark" />
        </nav>
        <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
