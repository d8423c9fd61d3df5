import { describe, expect, it } from 'vitest';
import { CHANNEL_GROUP_LABELS, CHANNELS } from './channels.ts';
import { CHANNEL_GROUPS } from './constants.ts';
import { bookingWizardMessages } from './i18n/bookingWizard.ts';

describe('the channel groups', () => {
  it('read in German and in English wherever they are shown (channels dialog, wizard)', () => {
    expect(Object.keys(CHANNEL_GROUP_LABELS).sort()).toEqual([...CHANNEL_GROUPS].sort());
    expect(CHANNEL_GROUP_LABELS['E-Mail Marketing']).toEqual({ de: 'E-Mail-Marketing', en: 'E-Mail Marketing' });
    expect(CHANNEL_GROUP_LABELS['Search Ads']).toEqual({ de: 'Suchanzeigen', en: 'Search Ads' });
    for (const group of CHANNEL_GROUPS) {
      expect(bookingWizardMessages.de.booking_wizard.groups[group], group).toBe(CHANNEL_GROUP_LABELS[group].de);
      expect(bookingWizardMessages.en.booking_wizard.groups[group], group).toBe(CHANNEL_GROUP_LABELS[group].en);
    }
    expect(CHANNELS.every((channel) => CHANNEL_GROUP_LABELS[channel.category])).toBe(true);
  });
});
