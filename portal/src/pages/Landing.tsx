/**
 * /landing: the product pitch (SPEC section 2 "Landing"): hero with the NEW25 offer, channels by group,
 * banner generator, reasons, gallery, registration form (password min 6), footer, language switch.
 */
import { Footer } from '../components/Footer.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Link } from '../components/Link.tsx';
import { Logo } from '../components/Logo.tsx';
import { messageKey as key, useI18n } from '../i18n/index.tsx';
import { landingChannelGroups } from '../landing/channelGroups.ts';
import { Gallery } from '../landing/Gallery.tsx';
import { Icon, type IconName } from '../landing/icons.tsx';
import { GeneratorVisual, HeroVisual } from '../landing/illustrations.tsx';
import { RegistrationForm } from '../registration/RegistrationForm.tsx';
import { PATHS } from '../routes.ts';
import { LANDING_PASSWORD_MIN } from '../validation.ts';

export const PROMO_CODE = 'NEW25';

const GROUPS = landingChannelGroups();
const CHANNEL_COUNT = GROUPS.reduce((sum, group) => sum + group.channels.length, 0);

const REASONS: { name: string; icon: IconName }[] = [
  { name: 'oneBooking', icon: 'layers' },
  { name: 'budget', icon: 'wallet' },
  { name: 'stats', icon: 'chart' },
  { name: 'flexible', icon: 'flexible' },
  { name: 'team', icon: 'team' },
  { name: 'privacy', icon: 'shield' },
];

function Promo() {
  const { t } = useI18n();
  const [before, after = ''] = t('landing.promo.text').split('{code}');
  return (
    <aside className="promo" aria-label={t('landing.promo.label')}>
      <span className="promo__code" aria-hidden="true">{PROMO_CODE}</span>
      <div className="promo__copy">
        <strong className="promo__label">{t('landing.promo.label')}</strong>
        <p className="promo__text">
          {before}<strong>{PROMO_CODE}</strong>{after}
        </p>
      </div>
      <a className="button button--accent button--small" href="#register">{t('landing.promo.cta')}</a>
    </aside>
  );
}

export function Landing() {
  const { t } = useI18n();
  return (
    <div className="landing">
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <header className="topbar topbar--landing">
        <div className="container topbar__inner">
          <Logo />
          <nav className="topbar__nav" aria-label={t('nav.menu')}>
            <a href="#channels">{t('landing.nav.channels')}</a>
            <a href="#generator">{t('landing.nav.generator')}</a>
            <a href="#reasons">{t('landing.nav.reasons')}</a>
            <a href="#gallery">{t('landing.nav.gallery')}</a>
            <Link href={PATHS.faq}>{t('nav.faq')}</Link>
          </nav>
          <div className="topbar__actions">
            <LanguageSwitch />
            <Link className="button button--ghost button--small" href={PATHS.login}>{t('nav.login')}</Link>
            <a className="button button--primary button--small hide-mobile" href="#register">{t('nav.register')}</a>
          </div>
        </div>
      </header>

      <main id="content">
        <section className="hero">
          <div className="container hero__grid">
            <div className="hero__copy">
              <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
              <h1 className="hero__title">{t('landing.hero.title')}</h1>
              <p className="hero__lead">{t('landing.hero.lead')}</p>
              <div className="hero__actions">
                <a className="button button--accent button--large" href="#register">{t('landing.hero.cta')}</a>
                <a className="button button--outline-light button--large" href="#channels">{t('landing.hero.secondary')}</a>
              </div>
              <ul className="hero__points">
                {(['landing.hero.point1', 'landing.hero.point2', 'landing.hero.point3'] as const).map((point) => (
                  <li key={point}><Icon name="check" />{t(point)}</li>
                ))}
              </ul>
            </div>
            <div className="hero__visual">
              <HeroVisual label={t('landing.hero.visual')} />
            </div>
          </div>
          <div className="container">
            <Promo />
          </div>
        </section>

        <section id="channels" className="section">
          <div className="container">
            <header className="section__heading">
              <h2>{t('landing.channels.title')}</h2>
              <p>{t('landing.channels.lead', { count: CHANNEL_COUNT })}</p>
            </header>
            <ul className="channel-groups">
              {GROUPS.map((group) => (
                <li key={group.key} className="channel-group" data-group={group.key}>
                  <div className="channel-group__head">
                    <span className="channel-group__icon"><Icon name={group.key} /></span>
                    <div>
                      <h3 className="channel-group__name">{t(key(`channelGroup.${group.key}`))}</h3>
                      <span className="channel-group__count">
                        {group.channels.length === 1 ? t('landing.channels.countOne') : t('landing.channels.count', { count: group.channels.length })}
                      </span>
                    </div>
                  </div>
                  <p className="channel-group__text">{t(key(`channelGroup.${group.key}.text`))}</p>
                  <ul className="channel-group__channels">
                    {group.channels.map((channel) => (
                      <li key={channel.key} className="channel-chip">
                        <span className="channel-chip__badge" style={{ background: channel.color }} aria-hidden="true">
                          {channel.shortName.slice(0, 2)}
                        </span>
                        {channel.name}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="generator" className="section section--tinted">
          <div className="container split">
            <div className="split__copy">
              <p className="eyebrow eyebrow--dark"><Icon name="sparkle" />{t('landing.generator.label')}</p>
              <h2>{t('landing.generator.title')}</h2>
              <p className="lead">{t('landing.generator.text')}</p>
              <ul className="checklist">
                {(['landing.generator.point1', 'landing.generator.point2', 'landing.generator.point3'] as const).map((point) => (
                  <li key={point}><Icon name="check" />{t(point)}</li>
                ))}
              </ul>
            </div>
            <div className="split__visual">
              <GeneratorVisual />
            </div>
          </div>
        </section>

        <section id="reasons" className="section">
          <div className="container">
            <header className="section__heading">
              <h2>{t('landing.reasons.title')}</h2>
              <p>{t('landing.reasons.lead')}</p>
            </header>
            <ul className="reasons">
              {REASONS.map(({ name, icon }) => (
                <li key={name} className="reason">
                  <span className="reason__icon"><Icon name={icon} /></span>
                  <h3>{t(key(`landing.reasons.${name}.title`))}</h3>
                  <p>{t(key(`landing.reasons.${name}.text`))}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="gallery" className="section section--dark">
          <div className="container">
            <header className="section__heading section__heading--light">
              <h2>{t('landing.gallery.title')}</h2>
              <p>{t('landing.gallery.lead')}</p>
            </header>
            <Gallery />
          </div>
        </section>

        <section id="register" className="section section--register">
          <div className="container split split--register">
            <div className="split__copy">
              <h2>{t('landing.register.title')}</h2>
              <p className="lead">{t('landing.register.lead')}</p>
              <ol className="steps">
                {(['landing.register.step1', 'landing.register.step2', 'landing.register.step3'] as const).map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
              <Promo />
            </div>
            <div className="card card--form">
              <h3 className="card__title">{t('register.form.company')}</h3>
              <RegistrationForm
                kind="company"
                passwordMin={LANDING_PASSWORD_MIN}
                footer={<p className="form__footer"><Link href={PATHS.register}>{t('landing.register.more')}</Link></p>}
              />
            </div>
          </div>
        </section>
      </main>

      <Footer full />
    </div>
  );
}
