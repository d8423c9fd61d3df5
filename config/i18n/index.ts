/**
 * App messages per language: the admin's own texts (de.ts, en.ts) and its screens' (screens.ts); the admin
 * adds react-admin's messages, the resource labels and the enum value labels (values.ts).
 */
import { de } from './de.ts';
import { en } from './en.ts';
import { screenMessages } from './screens.ts';
import { bookingScreenMessages } from './bookingScreens.ts';
import { bookingWizardMessages } from './bookingWizard.ts';
import { creativeScreenMessages } from './creativeScreens.ts';

export type { AppMessages } from './de.ts';
export const appMessages = {
  de: { app: { ...de.app, ...screenMessages.de, ...bookingScreenMessages.de, ...bookingWizardMessages.de, ...creativeScreenMessages.de } },
  en: { app: { ...en.app, ...screenMessages.en, ...bookingScreenMessages.en, ...bookingWizardMessages.en, ...creativeScreenMessages.en } },
} as const;
export { valueLabels } from './values.ts';
