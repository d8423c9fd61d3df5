/**
 * The dashboard's `bookings.csv` (SPEC section 2): the bookings the table shows, with SPEC's columns (the same
 * as the bookings list's export, config/booking/constants.ts) and the figures of the chosen range. RFC 4180
 * text by csv-stringify with a byte-order mark and CRLF, texts that a spreadsheet would run as a formula
 * defused with an apostrophe. No React here.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { channelByKey } from '@adsuite/config';
import { saveFile } from '@adsuite/admin/kit';
import { BOOKING_CSV_COLUMNS, CSV_EXPORT_MAX_ROWS, markerAddress } from '@adsuite/config/booking/index';
import type { Booking, Figures } from './dashboardApi.ts';

export const CSV_NAME = 'bookings.csv';

/** Age codes of SPEC section 3 as the bookings list's export spells them. */
const AGES: Record<string, string> = {
  1: 'unknown', 18: 'under 18', 25: '19-24', 35: '25-34', 45: '35-44', 55: '45-54', 65: '55-64', 99: 'over 65',
};

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const cell = (text: string) => (FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text);
const euros = (value: number | null | undefined) => (typeof value === 'number' ? value.toFixed(2) : '');

function budget(booking: Booking): string {
  if (booking.budget) return euros(booking.budget);
  return booking.dailyBudget ? `${euros(booking.dailyBudget)} / day` : '';
}

const places = (booking: Booking) => [...(booking.markers ?? []).map(markerAddress).filter(Boolean), ...(booking.countries ?? [])].join('; ');

export function bookingsCsv(bookings: Booking[], figuresOf: (booking: Booking) => Figures): string {
  const rows = bookings.slice(0, CSV_EXPORT_MAX_ROWS).map((booking) => {
    const figures = figuresOf(booking);
    return [
      booking.name, booking.status ?? '', budget(booking), (booking.channels ?? []).map((key) => channelByKey[key]?.name ?? key).join(', '),
      figures.impressions, figures.clicks, euros(figures.cost), booking.start ?? '', booking.continously ? 'Never Ends' : booking.end ?? '',
      places(booking), booking.target ?? '', booking.gender ?? '', (booking.age ?? []).map((code) => AGES[code] ?? code).join(', '),
    ];
  });
  return stringify([[...BOOKING_CSV_COLUMNS], ...rows], {
    bom: true, record_delimiter: 'windows', quoted_match: /[\r\n;]/, cast: { string: cell },
  });
}

/** Hands a text to the browser as a download (the kit's saveFile). */
export const download = (text: string, name: string) => saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
