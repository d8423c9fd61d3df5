import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { useMayOpen } from '../routes/useRouteAccess.ts';
import { session } from '../session.ts';
import { FINANCE_HIDDEN_FOR } from './visibility.ts';

/** Where the finance link goes (/advertiser/finances or /p/finances), or null when the user has none (viewers). */
export function useFinanceLink(): string | null {
  const { user } = useAbilityState();
  const mayOpen = useMayOpen();
  if (!user || FINANCE_HIDDEN_FOR.includes(user.role as never)) return null;
  const to = (session.selectedType() ?? user.selectedType) === 'publisher' ? '/p/finances' : '/advertiser/finances';
  return mayOpen(to) ? to : null;
}
