import type { MigrationFn } from './index.ts';

/**
 * Report subscriptions per campaign (SPEC section 3 "Subscription (per user): campaign, daily, weekly, monthly"):
 * a user's `subscriptions` were a list of words (`daily`, `weekly`, ...) that named no campaign, so no report could
 * be mailed from them. They become a JSON list `[{ campaign, daily, weekly, monthly }]`. The old words named no
 * campaign and are dropped. On a fresh database the table does not exist yet (the declared schema makes it JSONB).
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  const [[found]] = (await sequelize.query(`SELECT 1 AS found FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'logins' AND column_name = 'subscriptions' AND data_type = 'ARRAY'`)) as [unknown[], unknown];
  if (!found) return;
  await sequelize.query(`ALTER TABLE logins ALTER COLUMN subscriptions DROP DEFAULT`);
  await sequelize.query(`ALTER TABLE logins ALTER COLUMN subscriptions TYPE JSONB USING '[]'::jsonb`);
  await sequelize.query(`ALTER TABLE logins ALTER COLUMN subscriptions SET DEFAULT '[]'::jsonb`);
};

/** Going back keeps the JSON list: the words named no campaign. */
export const down: MigrationFn = async () => {};
