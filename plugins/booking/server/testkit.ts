/**
 * The booking plugin's door for other tests (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { png } from './creatives/fixtures.ts';
export { usePublishingServer, IMAGE } from './publishing/testkit.ts';
export { useCreativeServer, type Answer } from './creatives/testkit.ts';
