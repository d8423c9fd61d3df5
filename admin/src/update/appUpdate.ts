/**
 * App updates (SPEC sections 4, 7 and 9): the admin knows the build it was loaded from (the id Vite compiles in,
 * admin/vite.config.ts) and asks the server every 30 seconds which build it serves now (GET /api/version, read
 * from the build's build.json). Another build means a new release: the screens in the browser and the server's
 * may no longer fit, so the user is told and signed out, and signs in to the new one. A development server has no
 * build.json (the server answers null): then nothing is compared.
 */
import { API } from '../api/http.ts';

declare const __ADSUITE_BUILD__: string | undefined;

/** The build this page runs, or null where no build id was compiled in (unit tests). */
export const OWN_BUILD: string | null = typeof __ADSUITE_BUILD__ === 'string' ? __ADSUITE_BUILD__ : null;

/** Whether the server serves another build than the page runs; unknown on either side is no update. */
export const isNewBuild = (own: string | null, served: unknown): boolean => typeof own === 'string' && typeof served === 'string' && served !== own;

/** The build the server serves now; null when it has none or cannot be asked (offline: ask again next time). */
export async function servedBuild(): Promise<string | null> {
  try {
    const response = await fetch(`${API}/version`, { cache: 'no-store' });
    if (!response.ok) return null;
    const { build } = (await response.json()) as { build?: unknown };
    return typeof build === 'string' ? build : null;
  } catch {
    return null;
  }
}
