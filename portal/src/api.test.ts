import { describe, expect, it } from 'vitest';
import { ApiError, signInFailure } from './api.ts';

describe('sign-in failures', () => {
  it('refused credentials say login failed; network errors and 500 name the support contact', () => {
    expect(signInFailure(new ApiError(401, 'Unauthorized'))).toEqual({ kind: 'failed' });
    expect(signInFailure(new ApiError(403, 'Please confirm your e-mail address first.'))).toEqual({ kind: 'message', message: 'Please confirm your e-mail address first.' });
    expect(signInFailure(new ApiError(400, 'Bad'))).toEqual({ kind: 'failed' });
    expect(signInFailure(new ApiError(0, 'Failed to fetch'))).toEqual({ kind: 'system' });
    expect(signInFailure(new ApiError(500, 'Oops'))).toEqual({ kind: 'system' });
    expect(signInFailure(new TypeError('x'))).toEqual({ kind: 'system' });
    expect(signInFailure(new ApiError(429, 'Too many sign-in attempts.'))).toEqual({ kind: 'message', message: 'Too many sign-in attempts.' });
  });
});
