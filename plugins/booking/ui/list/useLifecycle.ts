/** Runs one lifecycle call for a booking with the toasts of SPEC section 8, then refreshes the list. */
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  cancelBooking, changeChannels, extendBooking, pauseBooking, publishBooking, resumeBooking,
} from './bookingApi.ts';
import { publishNotice } from './bookingRules.ts';

const UNKNOWN = 'app.bookings.notify.unknown_error';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

export function useLifecycle(id: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      notify(success, { type: 'success' });
      return true;
    } catch (error) {
      notify(messageOf(error) ?? UNKNOWN, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const publish = async () => {
    setBusy(true);
    try {
      // Publishing takes up to two minutes (SPEC section 1); past the wait the server answers while it still runs.
      const { message, type, messageArgs } = publishNotice(await publishBooking(id));
      // A warning naming the failed channels stays a little longer to be read (not for good: toasts queue behind it).
      notify(message, { type, messageArgs, ...(type === 'warning' ? { autoHideDuration: 8000 } : {}) });
    } catch (error) {
      // 'Error while publishing' / 'Booking was not published' with the server's message or the unknown-error text.
      const message = messageOf(error);
      // The server may say 'Booking was not published: ...' itself; then its words stand alone.
      const reason = message && /not published/i.test(message) ? message : translate('app.bookings.notify.not_published', { message: message ?? translate(UNKNOWN) });
      notify(`${translate('app.bookings.notify.publish_error')} – ${reason}`, { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return {
    busy,
    publish,
    pause: () => run(() => pauseBooking(id), 'app.bookings.notify.paused'),
    resume: () => run(() => resumeBooking(id), 'app.bookings.notify.resumed'),
    cancel: () => run(() => cancelBooking(id), 'app.bookings.notify.canceled'),
    extend: (end: string) => run(() => extendBooking(id, end), 'app.bookings.notify.extended'),
    channels: (channels: string[]) =>
      run(() => changeChannels(id, channels, channels.map((channel) => ({ channel, weight: 1 }))), 'app.bookings.notify.channels_changed'),
  };
}
