/**
 * The test kit: what a plugin's tests may use of the core besides the server kit. A test server on its own
 * database, the mail outbox and a real SMTP server, and the front-end builds for browser tests.
 */
export { createTestDatabase, startTestServer, testEnv, type TestDatabase, type TestServer } from './testing.ts';
export { linkIn, outboxTo, startTestSmtpServer, type TestSmtpServer } from './mail/testing.ts';
export { buildFrontEnds, FRONT_ENDS, isStale } from './frontends.ts';
