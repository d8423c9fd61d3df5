import type { MigrationFn } from './index.ts';

/**
 * Ends a user's earlier sessions whenever the account changes in a way that must (issue 9: a stolen token may
 * not outlive a password change). Every bearer token carries the login's session version (`sv`); the database
 * raises the version on a new password (own change or reset), a new role, a new e-mail address, a login switched
 * off or an archived account, whatever code path or SQL made the change, so no route can forget it. "Sign out
 * everywhere" raises it directly. Runs after the declared tables exist (the logins table is declared).
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE OR REPLACE FUNCTION logins_end_earlier_sessions() RETURNS trigger AS $$
BEGIN
  IF NEW.password IS DISTINCT FROM OLD.password
     OR NEW.role IS DISTINCT FROM OLD.role
     OR lower(NEW.email) IS DISTINCT FROM lower(OLD.email)
     OR (NEW.login_allowed IS FALSE AND OLD.login_allowed IS DISTINCT FROM FALSE)
     OR (NEW.archived_at IS NOT NULL AND OLD.archived_at IS NULL) THEN
    NEW.session_version := GREATEST(COALESCE(OLD.session_version, 0), COALESCE(NEW.session_version, 0)) + 1;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql`);
  await sequelize.query('DROP TRIGGER IF EXISTS logins_end_earlier_sessions ON logins');
  await sequelize.query(`CREATE TRIGGER logins_end_earlier_sessions BEFORE UPDATE ON logins
    FOR EACH ROW EXECUTE FUNCTION logins_end_earlier_sessions()`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TRIGGER IF EXISTS logins_end_earlier_sessions ON logins');
  await sequelize.query('DROP FUNCTION IF EXISTS logins_end_earlier_sessions()');
};
