import { describe, expect, it } from 'vitest';
import { isPortalPath } from './app.ts';

describe('front-end routing', () => {
  it('serves the public pages from the portal', () => {
    for (const path of ['/landing', '/login', '/register', '/faq', '/privacy', '/terms', '/404', '/403', '/login/', '/resetpassword/abc', '/user/confirm', '/confirm']) {
      expect(isPortalPath(path), path).toBe(true);
    }
  });

  it('serves everything else from the member area', () => {
    for (const path of ['/', '/bookings', '/banner/edit/1', '/p', '/loginx', '/login/new', '/login/edit/42', '/confirmation-list']) {
      expect(isPortalPath(path), path).toBe(false);
    }
  });
});
