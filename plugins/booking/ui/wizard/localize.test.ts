import { describe, expect, it } from 'vitest';
import { bookingMessage } from '@adsuite/config/booking/index';
import { localizeBookingMessage } from './localize.ts';

describe('server messages in the user\'s language', () => {
  it('gives a booking rule\'s English text in German with its values', () => {
    const english = bookingMessage('daily_budget_below_channel_minimum', { channel: 'Outbrain', amount: '1.67', minimum: '30.00' });
    expect(localizeBookingMessage(english, 'de')).toBe('Das Tagesbudget für Outbrain (1.67 EUR) liegt unter dessen Minimum von 30.00 EUR pro Tag.');
    expect(localizeBookingMessage(bookingMessage('name_required'), 'de')).toBe('Bitte geben Sie einen Kampagnennamen ein.');
  });

  it('leaves English and unknown texts as they are', () => {
    expect(localizeBookingMessage(bookingMessage('name_required'), 'en')).toBe('Please enter a campaign name.');
    expect(localizeBookingMessage('Booking template was not found.', 'de')).toBe('Booking template was not found.');
  });
});
