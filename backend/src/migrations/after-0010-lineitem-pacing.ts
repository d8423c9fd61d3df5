import { resourceByName } from '@adsuite/config';
import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * Every line item paces its daily budget (SPEC section 3 bid options; the ad server, plugins/delivery): one created
 * without a pacing, as publishing and the demo seed create them, gets the declared default (config/resources/lineitem.ts,
 * `evenly`) from the column, as one created through the API gets it from the declaration; those stored without one
 * before get it now.
 */
const PACING = resourceByName.lineitem.fields.pacing;

export const up: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'lineitems')) || typeof PACING.default !== 'string') return;
  const pacing = sequelize.escape(PACING.default);
  await sequelize.query(`ALTER TABLE lineitems ALTER COLUMN pacing SET DEFAULT ${pacing}`);
  await sequelize.query(`UPDATE lineitems SET pacing = ${pacing} WHERE pacing IS NULL`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  if (await tableExists(sequelize, 'lineitems')) await sequelize.query('ALTER TABLE lineitems ALTER COLUMN pacing DROP DEFAULT');
};
