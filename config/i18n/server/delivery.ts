/** What the placements' ad server writes (plugins/delivery). */
import type { Messages } from './shape.ts';

const de = {
  house_ad: 'Hier könnte Ihre Werbung stehen.',
  days: 'Bitte geben Sie als Tage eine ganze Zahl von 1 bis %{max} an.',
};

const en: Messages<typeof de> = {
  house_ad: 'Your ad could be here.',
  days: 'Please give the days as a whole number from 1 to %{max}.',
};

export const deliveryMessages = { de, en };
