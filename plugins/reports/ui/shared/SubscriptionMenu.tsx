/**
 * The subscription dropdown of a campaign's statistics (SPEC sections 2, 3 "Subscription", 5): daily, weekly and
 * monthly report e-mails for one campaign. The bell is filled when any is on; the choice is saved when the menu
 * closes and a box changed (PATCH /api/auth/login with the user's whole list), with a spinner while saving.
 */
import { useEffect, useState } from 'react';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Checkbox, CircularProgress, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { SUBSCRIPTION_FREQUENCIES, type Subscription, type SubscriptionFrequency } from '@adsuite/config';
import { API, apiFetch } from '@adsuite/admin/kit';
import { useToolText } from './useToolText.ts';

type Choice = Record<SubscriptionFrequency, boolean>;
const NONE: Choice = { daily: false, weekly: false, monthly: false };

export function SubscriptionMenu({ campaign }: { campaign: string }) {
  const text = useToolText();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [all, setAll] = useState<Subscription[] | null>(null);
  const [choice, setChoice] = useState<Choice>(NONE);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    apiFetch(`${API}/auth/login`).then(({ json }) => {
      if (!current) return;
      const list = (json.subscriptions ?? []) as Subscription[];
      setAll(list);
      const mine = list.find((entry) => entry.campaign === campaign);
      setChoice(mine ? { daily: mine.daily, weekly: mine.weekly, monthly: mine.monthly } : NONE);
    }).catch(() => current && setAll([]));
    return () => { current = false; };
  }, [campaign]);

  const stored = all?.find((entry) => entry.campaign === campaign);
  const changed = SUBSCRIPTION_FREQUENCIES.some((frequency) => Boolean(stored?.[frequency]) !== choice[frequency]);
  const anyOn = SUBSCRIPTION_FREQUENCIES.some((frequency) => choice[frequency]);

  const close = async () => {
    setAnchor(null);
    if (!changed || !all) return;
    setSaving(true);
    try {
      const next = [...all.filter((entry) => entry.campaign !== campaign), ...(anyOn ? [{ campaign, ...choice }] : [])];
      const { json } = await apiFetch(`${API}/auth/login`, { method: 'PATCH', body: JSON.stringify({ subscriptions: next }) });
      setAll((json.subscriptions ?? next) as Subscription[]);
      notify(text('subscriptions_saved'), { type: 'success' });
    } catch (error) {
      const mine = all.find((entry) => entry.campaign === campaign);
      setChoice(mine ? { daily: mine.daily, weekly: mine.weekly, monthly: mine.monthly } : NONE);
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Tooltip title={`${text('subscriptions')}: ${text(anyOn ? 'subscribed' : 'not_subscribed')}`}>
        <span>
          <IconButton onClick={(event) => setAnchor(event.currentTarget)} disabled={!all || saving} color={anyOn ? 'primary' : 'default'}
            aria-label={text('subscriptions')} data-testid="subscription-bell" data-subscribed={anyOn ? 'true' : 'false'}>
            {saving ? <CircularProgress size={22} /> : anyOn ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ list: { dense: true, 'aria-label': text('subscriptions') } }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 0.5 }}>{text('subscriptions')}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1, display: 'block', maxWidth: 280 }}>{text('subscriptions_hint')}</Typography>
        {SUBSCRIPTION_FREQUENCIES.map((frequency) => (
          <MenuItem key={frequency} onClick={() => setChoice((current) => ({ ...current, [frequency]: !current[frequency] }))} data-testid={`subscription-${frequency}`}>
            <ListItemIcon><Checkbox edge="start" size="small" checked={choice[frequency]} tabIndex={-1} disableRipple /></ListItemIcon>
            <ListItemText primary={text(`frequencies.${frequency}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
