/**
 * /register: advertiser or publisher first, advertisers then company or agency, then the matching form
 * (SPEC section 2 "Register").
 */
import { useState, type ReactNode } from 'react';
import { Link } from '../components/Link.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { useI18n } from '../i18n/index.tsx';
import type { MessageKey } from '../i18n/de.ts';
import { RegistrationForm } from '../registration/RegistrationForm.tsx';
import type { AccountType, RegistrationKind, UserType } from '../registration/registration.ts';
import { PATHS } from '../routes.ts';

const ICONS: Record<UserType | AccountType, ReactNode> = {
  advertiser: <path d="M6 18V12l16-6v20L6 20zm0 0 3 7h4l-2-6m15-7h3" />,
  publisher: <path d="M4 7h24v18H4zM4 12h24M9 16h8M9 20h5M21 16h3v4h-3z" />,
  company: <path d="M5 27V9l10-4v22M15 27V13l12 3v11M3 27h26M9 12h2M9 16h2M9 20h2M19 19h2M23 19h2M19 23h2M23 23h2" />,
  agency: <path d="M11 14a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm10 0a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 26c0-5 4-8 8-8s8 3 8 8M17 19c1-.7 2.5-1 4-1 4 0 8 3 8 8" />,
};

function Choice<T extends UserType | AccountType>({ value, title, text, onChoose }: {
  value: T;
  title: MessageKey;
  text: MessageKey;
  onChoose: (value: T) => void;
}) {
  const { t } = useI18n();
  return (
    <button type="button" className="choice" data-value={value} onClick={() => onChoose(value)}>
      <svg className="choice__icon" viewBox="0 0 32 32" aria-hidden="true">{ICONS[value]}</svg>
      <span className="choice__title">{t(title)}</span>
      <span className="choice__text">{t(text)}</span>
    </button>
  );
}

export function Register() {
  const { t } = useI18n();
  const [userType, setUserType] = useState<UserType>();
  const [accountType, setAccountType] = useState<AccountType>();
  const kind: RegistrationKind | undefined = userType === 'publisher' ? 'publisher' : accountType;
  const reset = () => {
    setUserType(undefined);
    setAccountType(undefined);
  };

  return (
    <PageShell>
      <section className="container narrow">
        <header className="page-heading">
          <h1>{t('register.title')}</h1>
          <p className="lead">{t('register.lead')}</p>
        </header>

        {!userType && (
          <div className="card">
            <h2 className="card__title">{t('register.choose')}</h2>
            <div className="choices">
              <Choice value="advertiser" title="register.userType.advertiser" text="register.userType.advertiser.text" onChoose={setUserType} />
              <Choice value="publisher" title="register.userType.publisher" text="register.userType.publisher.text" onChoose={setUserType} />
            </div>
          </div>
        )}

        {userType === 'advertiser' && !accountType && (
          <div className="card">
            <h2 className="card__title">{t('register.chooseAccountType')}</h2>
            <div className="choices">
              <Choice value="company" title="register.accountType.company" text="register.accountType.company.text" onChoose={setAccountType} />
              <Choice value="agency" title="register.accountType.agency" text="register.accountType.agency.text" onChoose={setAccountType} />
            </div>
            <button type="button" className="button button--link" onClick={reset}>{t('register.change')}</button>
          </div>
        )}

        {kind && (
          <div className="card">
            <div className="card__heading">
              <h2 className="card__title">{t(`register.form.${kind}`)}</h2>
              <button type="button" className="button button--link" onClick={reset}>{t('register.change')}</button>
            </div>
            <RegistrationForm key={kind} kind={kind} />
          </div>
        )}

        <p className="page-aside">
          {t('register.haveAccount')} <Link href={PATHS.login}>{t('nav.login')}</Link>
        </p>
      </section>
    </PageShell>
  );
}
