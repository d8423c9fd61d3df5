/**
 * On a campaign's edit screen, for the staff who read top products (admins, affiliatemanager; not accounting, SPEC
 * section 6): computes the campaign's top products and top referers from its shop's onsite events
 * (generateTopProducts, generateTopReferer) and says how many it found; the list is /topproducts.
 */
import { useState } from 'react';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { Button } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { API, apiFetch, useCan } from '@adsuite/admin/kit';
import { useCount, useText } from './useText.ts';

export function GenerateTopsButton() {
  const record = useRecordContext();
  const can = useCan();
  const text = useText();
  const count = useCount();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || !can('read', 'topproduct')) return null;
  const generate = async () => {
    setBusy(true);
    try {
      const base = `${API}/campaign/${encodeURIComponent(String(record.id))}`;
      const products = (await apiFetch(`${base}/topproducts`, { method: 'POST', body: '{}' })).json as { products: unknown[] };
      const referers = (await apiFetch(`${base}/topreferers`, { method: 'POST', body: '{}' })).json as { referers: unknown[] };
      notify(text('tops.generated', { products: count(products.products.length), referers: count(referers.referers.length) }), { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<LeaderboardIcon />} disabled={busy} onClick={generate} data-action="generate-tops">
      {text('tops.generate')}
    </Button>
  );
}
