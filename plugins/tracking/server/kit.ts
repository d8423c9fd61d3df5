/**
 * The tracking plugin's door for other plugins (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { answerError, deliveryHeaders, notFoundPage } from './answers.ts';
export { pipelineOf, optionalReferer, wrapClick } from './routes.ts';
export { eventId, type TrackedEvent } from './pipeline.ts';
export { droppedUnlessClean } from './trackingInput.ts';
export { visitorOf } from './visitors.ts';
export { costMilli } from './delivery.ts';
