import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** Page title = route title, separator, suite name (SPEC section 2 "Layout"). */
export function usePageTitle(title: string | undefined) {
  const translate = useTranslate();
  const suite = translate('app.name');
  useEffect(() => {
    document.title = title ? `${title} | ${suite}` : suite;
  }, [title, suite]);
}
