import type { MigrationFn } from './index.ts';

/**
 * Tells every server process when what it caches per session changes (backend/src/auth/sessionCache.ts): a
 * changed login names itself (`login:<id>`), a changed advertiser or publisher drops everything (`*`), since
 * it changes whom the tenant lists of owners, agencies and sub-accounts reach. NOTIFY is sent on commit.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE OR REPLACE FUNCTION adsuite_notify_login_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('adsuite_cache', 'login:' || COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql`);
  await sequelize.query(`CREATE OR REPLACE FUNCTION adsuite_notify_tenant_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('adsuite_cache', '*');
  RETURN NULL;
END
$$ LANGUAGE plpgsql`);
  await sequelize.query('DROP TRIGGER IF EXISTS logins_notify_cache ON logins');
  await sequelize.query(`CREATE TRIGGER logins_notify_cache AFTER INSERT OR UPDATE OR DELETE ON logins
    FOR EACH ROW EXECUTE FUNCTION adsuite_notify_login_change()`);
  for (const table of ['advertisers', 'publishers']) {
    await sequelize.query(`DROP TRIGGER IF EXISTS ${table}_notify_cache ON ${table}`);
    await sequelize.query(`CREATE TRIGGER ${table}_notify_cache AFTER INSERT OR UPDATE OR DELETE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION adsuite_notify_tenant_change()`);
  }
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TRIGGER IF EXISTS logins_notify_cache ON logins');
  for (const table of ['advertisers', 'publishers']) await sequelize.query(`DROP TRIGGER IF EXISTS ${table}_notify_cache ON ${table}`);
  await sequelize.query('DROP FUNCTION IF EXISTS adsuite_notify_login_change()');
  await sequelize.query('DROP FUNCTION IF EXISTS adsuite_notify_tenant_change()');
};
