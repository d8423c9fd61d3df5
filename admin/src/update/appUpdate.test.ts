/** App updates: which answers of GET /api/version mean a new release, and the 120-second wait for a screen's code. */
import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadWithin } from '../routes/onDemand.ts';
import { isNewBuild } from './appUpdate.ts';

describe('a new build', () => {
  it('is another build id than the page was loaded from; an unknown one on either side is none', () => {
    expect(isNewBuild('2026-11-28T10:00:00.000Z-1a2b3c4d', '2026-11-28T11:00:00.000Z-5e6f7a8b')).toBe(true);
    expect(isNewBuild('2026-11-28T10:00:00.000Z-1a2b3c4d', '2026-11-28T10:00:00.000Z-1a2b3c4d')).toBe(false);
    // A development server has no build.json; a page without a compiled-in id compares nothing.
    expect(isNewBuild('2026-11-28T10:00:00.000Z-1a2b3c4d', null)).toBe(false);
    expect(isNewBuild(null, '2026-11-28T11:00:00.000Z-5e6f7a8b')).toBe(false);
  });
});

describe('loading a screen\'s code', () => {
  it('answers the code that arrives in time', async () => {
    await expect(loadWithin(async () => 'screen', 50)).resolves.toBe('screen');
  });

  it('fails with "Loading chunk failed" when the code never arrives within the time, or its request fails', async () => {
    const never = loadWithin(() => new Promise<string>(() => undefined), 30);
    await expect(never).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(never).rejects.toThrow('Loading chunk failed');
    await expect(loadWithin(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 1000)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
