/** App messages (menu, notifications, login page, errors) per language; the admin adds react-admin's own and the resource labels. */
import { de } from './de.ts';
import { en } from './en.ts';

export type { AppMessages } from './de.ts';
export const appMessages = { de, en } as const;
