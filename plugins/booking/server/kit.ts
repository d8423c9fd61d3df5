/**
 * The booking plugin's door for other plugins (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { checkDraft, invalidDraft, PREPARE_JOB } from './bookings.ts';
export { bannerPage } from './creatives/web.ts';
export { MAIL_JOB } from './creatives/prepare.ts';
export { STANDARD_SIZES, ensureDefaultTemplates } from './creatives/index.ts';
export { fileIdOf, findFile, publicFileUrl, storeFile, type StoredFile } from './creatives/files.ts';
export { placeholderList, renderTemplate, type Placeholder, type PlaceholderValues } from './creatives/templates.ts';
export { HOUSE_CHANNELS } from './publishing/connectors/index.ts';
