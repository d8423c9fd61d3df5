/** The dashboard's texts: `app.dashboard.<key>` from the admin's catalogue where it has it, else messages.ts. */
import { useLocaleState, useTranslate } from 'react-admin';
import { messages } from './messages.ts';

export function useText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const own: Record<string, string> = messages[locale === 'en' ? 'en' : 'de'];
  return (key: string, options: Record<string, unknown> = {}) => translate(`app.dashboard.${key}`, { _: own[key] ?? key, ...options });
}
