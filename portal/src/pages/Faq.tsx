/** /faq: topics as tabs, questions as accordion entries, a contact box and the way back (SPEC section 2). */
import { useId, useState, type KeyboardEvent } from 'react';
import { hasSession } from '@adsuite/config/session';
import { Link } from '../components/Link.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { Prose } from '../components/Prose.tsx';
import { messageKey, useI18n } from '../i18n/index.tsx';
import { PATHS } from '../routes.ts';
import { FAQ_TOPIC_NAMES, FAQ_TOPICS, type FaqTopic } from './faqEntries.ts';

export function Faq() {
  const { t } = useI18n();
  const [topic, setTopic] = useState<FaqTopic>('bookings');
  const [open, setOpen] = useState<string | undefined>(`${topic}.${FAQ_TOPICS.bookings[0]}`);
  const id = useId();
  const signedIn = hasSession();

  const choose = (next: FaqTopic) => {
    setTopic(next);
    setOpen(`${next}.${FAQ_TOPICS[next][0]}`);
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = FAQ_TOPIC_NAMES[(FAQ_TOPIC_NAMES.indexOf(topic) + step + FAQ_TOPIC_NAMES.length) % FAQ_TOPIC_NAMES.length];
    choose(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  const actions = signedIn
    ? <a className="button button--primary button--small" href={PATHS.memberArea}>{t('nav.memberAreaShort')}</a>
    : (
      <>
        <Link className="button button--ghost button--small" href={PATHS.login}>{t('nav.login')}</Link>
        <Link className="button button--primary button--small hide-mobile" href={PATHS.register}>{t('nav.register')}</Link>
      </>
    );

  return (
    <PageShell actions={actions}>
      <section className="container faq">
        <header className="page-heading">
          <h1>{t('faq.title')}</h1>
          <p className="lead">{t('faq.lead')}</p>
        </header>
        <div className="faq__layout">
          <div>
            <div className="tabs" role="tablist" aria-label={t('faq.tabs')} onKeyDown={onTabKey}>
              {FAQ_TOPIC_NAMES.map((name) => (
                <button
                  key={name}
                  id={`${id}-tab-${name}`}
                  type="button"
                  role="tab"
                  className="tabs__tab"
                  aria-selected={topic === name}
                  aria-controls={`${id}-panel`}
                  tabIndex={topic === name ? 0 : -1}
                  onClick={() => choose(name)}
                >
                  {t(`faq.tab.${name}`)}
                </button>
              ))}
            </div>
            <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${topic}`} className="accordion">
              {FAQ_TOPICS[topic].map((entry) => {
                const key = `${topic}.${entry}`;
                const expanded = open === key;
                return (
                  <div key={key} className={`accordion__item ${expanded ? 'accordion__item--open' : ''}`}>
                    <h2 className="accordion__heading">
                      <button
                        type="button"
                        className="accordion__toggle"
                        aria-expanded={expanded}
                        aria-controls={`${id}-${key}`}
                        onClick={() => setOpen(expanded ? undefined : key)}
                      >
                        {t(messageKey(`faq.${key}.q`))}
                        <svg className="accordion__chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="m4 6 4 4 4-4" /></svg>
                      </button>
                    </h2>
                    <div id={`${id}-${key}`} className="accordion__body prose" hidden={!expanded}>
                      <Prose text={t(messageKey(`faq.${key}.a`))} />
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <aside className="contact card">
            <h2 className="card__title">{t('faq.contact.title')}</h2>
            <p>{t('faq.contact.text')}</p>
            <dl className="contact__list">
              <dt>{t('faq.contact.email')}</dt>
              <dd><a href={`mailto:${t('support.email')}`}>{t('support.email')}</a></dd>
              <dt>{t('faq.contact.phone')}</dt>
              <dd><a href={`tel:${t('support.phone').replace(/[^\d+]/g, '')}`}>{t('support.phone')}</a></dd>
            </dl>
            {signedIn ? (
              <a className="button button--primary button--block" href={PATHS.memberArea}>{t('nav.memberArea')}</a>
            ) : (
              <div className="stack">
                <Link className="button button--primary button--block" href={PATHS.login}>{t('nav.login')}</Link>
                <Link className="button button--ghost button--block" href={PATHS.register}>{t('nav.register')}</Link>
              </div>
            )}
          </aside>
        </div>
      </section>
    </PageShell>
  );
}
