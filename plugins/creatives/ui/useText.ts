/** The creative tools' texts (`app.creatives.<key>`, config/i18n/creativeScreens.ts) and the advertiser they work for. */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { session, useAbilityState } from '@adsuite/admin/kit';

export function useText() {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`app.creatives.${key}`, options);
}

/**
 * The advertisers the user may work for (staff: every one) and the one chosen here, which starts as the one the
 * top bar selects. `initial` (an address's `advertiser`) wins when the user reaches it.
 */
export function useAdvertiserChoice(initial?: string | null) {
  const { user } = useAbilityState();
  const advertisers = user?.advertisers ?? [];
  const known = (id: string | null | undefined) => (id && advertisers.some((entry) => String(entry.id) === id) ? id : null);
  const [chosen, choose] = useState<string | null>(null);
  const advertiser = known(chosen) ?? known(initial) ?? known(session.selectedAdvertiser()) ?? (advertisers[0] ? String(advertisers[0].id) : null);
  return { advertisers: advertisers.map((entry) => ({ id: String(entry.id), name: entry.name })), advertiser, choose };
}
