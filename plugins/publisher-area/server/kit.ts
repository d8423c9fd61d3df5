/**
 * The publisher-area plugin's door for other plugins (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { TAG_CHANNELS } from './offers.ts';
