/**
 * The reports plugin's door for other plugins (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { prepareRollups, addedUp, DAILY_BY_WRITER, dailyRollupsSql, MEASURES, type Measure } from './rollups.ts';
export { dayRange } from './input.ts';
