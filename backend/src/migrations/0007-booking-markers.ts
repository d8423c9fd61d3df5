import type { MigrationFn } from './index.ts';

/**
 * Booking locations in SPEC's shape (config/booking/markers.ts): the wizard used to store flat places
 * `{ name, lat, lng, radius }`, which the booking detail and the CSV export, reading
 * `properties.currentPlace.formatted_address`, showed as no location at all. Each flat place becomes a GeoJSON
 * point feature `{ type, geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { name, radius,
 * currentPlace: { formatted_address } } }` (the name is the address: the wizard knew no other); markers already
 * in that shape and anything else stay as they are. On a fresh database the bookings table does not exist yet.
 */
const FLAT = `jsonb_typeof(m) = 'object' AND NOT (m ? 'properties') AND (m ? 'name' OR m ? 'lat' OR m ? 'lng')`;

const numberOrNull = (path: string) => `CASE WHEN jsonb_typeof(${path}) = 'number' THEN ${path} ELSE 'null'::jsonb END`;

const FEATURE = `jsonb_build_object(
  'type', 'Feature',
  'geometry', CASE WHEN jsonb_typeof(m->'lat') = 'number' AND jsonb_typeof(m->'lng') = 'number'
    THEN jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(m->'lng', m->'lat')) ELSE 'null'::jsonb END,
  'properties', jsonb_build_object(
    'name', COALESCE(btrim(m->>'name'), ''),
    'radius', ${numberOrNull("m->'radius'")},
    'currentPlace', jsonb_build_object('formatted_address', COALESCE(btrim(m->>'name'), ''))
  )
)`;

export const up: MigrationFn = async ({ context: sequelize }) => {
  const [[found]] = (await sequelize.query(`SELECT 1 AS found FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'bookings' AND column_name = 'markers' AND data_type = 'jsonb'`)) as [unknown[], unknown];
  if (!found) return;
  await sequelize.query(`UPDATE bookings SET markers = (
      SELECT COALESCE(jsonb_agg(CASE WHEN ${FLAT} THEN ${FEATURE} ELSE m END ORDER BY position), '[]'::jsonb)
      FROM jsonb_array_elements(markers) WITH ORDINALITY AS marker(m, position)
    )
    WHERE jsonb_typeof(markers) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(markers) AS marker(m) WHERE ${FLAT})`);
};

/** The flat shape is read by nothing any more; going back keeps SPEC's. */
export const down: MigrationFn = async () => {};
