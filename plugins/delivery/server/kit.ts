/**
 * The delivery plugin's door for other plugins (plugins/doors.test.ts): what they may use of the placements' ad
 * server. Everything else in this plugin is its own, free to change.
 */
export { replayRequests, type PastRequest } from './replay.ts';
export { countDirectView } from './cache.ts';
