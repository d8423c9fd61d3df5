/** DE | EN toggle; the choice is stored locally and applies at once. */
import { LANGUAGES, useI18n } from '../i18n/index.tsx';

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { language, switchLanguage, t } = useI18n();
  return (
    <div className={`language-switch language-switch--${tone}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="language-switch__option"
          aria-pressed={language === code}
          title={t(`language.${code}`)}
          onClick={() => switchLanguage(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
