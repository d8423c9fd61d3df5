/**
 * A booking's geo locations in the one shape SPEC section 3 gives them (markers with `properties.name` and
 * `properties.currentPlace.formatted_address`), which the wizard writes, the server stores and the detail
 * and the CSV export read: a GeoJSON point feature whose properties also carry the radius around it in km.
 * Bookings of an earlier wizard stored flat `{ name, lat, lng, radius }` places; `toBookingMarker` reads those
 * too (migration 0007-booking-markers converted the stored ones).
 */

export interface BookingMarker {
  type: 'Feature';
  /** GeoJSON order: longitude first. Null for a place known by its name only. */
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: {
    name: string;
    /** km around the place; null when the channel's default applies. */
    radius: number | null;
    currentPlace: { formatted_address: string };
  };
}

/** A place as people enter it. */
export interface Place {
  name: string;
  /** The address the place stands for; its name when none is known. */
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
  radius?: number | null;
}

/** Radius limits of a location, km. */
export const MARKER_RADIUS_MAX_KM = 500;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const finite = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored marker of a place. */
export function bookingMarker(place: Place): BookingMarker {
  const name = text(place.name);
  const lat = finite(place.lat);
  const lng = finite(place.lng);
  return {
    type: 'Feature',
    geometry: lat !== null && lng !== null ? { type: 'Point', coordinates: [lng, lat] } : null,
    properties: { name, radius: finite(place.radius), currentPlace: { formatted_address: text(place.address) || name } },
  };
}

/** The place a marker stands for, in either stored shape; null for anything else. */
export function placeOfMarker(marker: unknown): Place | null {
  if (!isObject(marker)) return null;
  if (isObject(marker.properties)) {
    const { properties, geometry } = marker;
    const current = isObject(properties.currentPlace) ? properties.currentPlace : {};
    const coordinates = isObject(geometry) && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
    return {
      name: text(properties.name) || text(current.formatted_address),
      address: text(current.formatted_address) || text(properties.name),
      lat: finite(coordinates[1]),
      lng: finite(coordinates[0]),
      radius: finite(properties.radius),
    };
  }
  // The flat place of the earlier wizard.
  if ('lat' in marker || 'lng' in marker || 'name' in marker) {
    return { name: text(marker.name), address: text(marker.name), lat: finite(marker.lat), lng: finite(marker.lng), radius: finite(marker.radius) };
  }
  return null;
}

/** What a marker reads as: its address, else its name ('' when it is none). */
export function markerAddress(marker: unknown): string {
  const place = placeOfMarker(marker);
  return place ? place.address || place.name : '';
}

/** A flat place of the earlier wizard in the stored shape; any other value as it came (the rules judge it). */
export function toBookingMarker(marker: unknown): unknown {
  if (!isObject(marker) || isObject(marker.properties)) return marker;
  const place = placeOfMarker(marker);
  return place ? bookingMarker(place) : marker;
}

/** Whether a marker names a place within the limits: a name, coordinates on the globe, a radius up to 500 km. */
export function isValidMarker(marker: unknown): boolean {
  const place = placeOfMarker(marker);
  if (!place || !(place.name || place.address)) return false;
  const { lat, lng, radius } = place;
  if ((lat !== null && lat !== undefined && Math.abs(lat) > 90) || (lng !== null && lng !== undefined && Math.abs(lng) > 180)) return false;
  return radius === null || radius === undefined || (radius > 0 && radius <= MARKER_RADIUS_MAX_KM);
}
