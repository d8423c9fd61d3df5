/**
 * The subaccounts plugin's door for other tests (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { mailedLink, registerOnPortal, signInAs } from './browserSteps.ts';
