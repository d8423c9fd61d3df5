/**
 * The finances plugin's browser door for other tests (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { payoutMessages } from './payoutMessages.ts';
