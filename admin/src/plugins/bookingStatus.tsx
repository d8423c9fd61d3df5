/**
 * Controls plugins put under a booking's status in booking tables that other plugins own (`widgets.bookingStatus`
 * of a PluginUi): the booking plugin's 'Click to publish' stands under a pending booking on the dashboard as on
 * /bookings, while the dashboard knows nothing of publishing. Filled like the record actions, at the admin's start.
 */
import { createElement, Fragment, type ComponentType } from 'react';

/** A booking as a table has it: its id and status, and whatever else the API answered. */
export type BookingSummary = { id: string; status?: string | null } & Record<string, unknown>;
export type BookingStatusWidget = ComponentType<{ booking: BookingSummary }>;

const widgets: BookingStatusWidget[] = [];

export function addBookingStatusWidgets(added: readonly BookingStatusWidget[]) {
  widgets.push(...added);
}

/** Every plugin's controls for one booking; each decides itself whether it shows. */
export function BookingStatusWidgets({ booking }: { booking: BookingSummary }) {
  return createElement(Fragment, null, ...widgets.map((widget, index) => createElement(widget, { key: index, booking })));
}
