/** /terms: the terms are not written yet (SPEC section 2). */
import { PageShell } from '../components/PageShell.tsx';
import { useI18n } from '../i18n/index.tsx';

export function Terms() {
  const { t } = useI18n();
  return (
    <PageShell>
      <section className="status container">
        <h1 className="status__message">{t('terms.progress')}</h1>
      </section>
    </PageShell>
  );
}
