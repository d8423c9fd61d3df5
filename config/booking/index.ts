/** Booking rules, costs and constants shared by the server and the wizard (plugins/booking/API.md). */
export * from './constants.ts';
export * from './dates.ts';
export * from './draft.ts';
export * from './markers.ts';
export * from './messages.ts';
export * from './costs.ts';
export * from './rules.ts';
