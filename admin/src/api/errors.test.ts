import { describe, expect, it } from 'vitest';
import { errorMessageOf, fieldErrorsOf } from './errors.ts';

describe('server error messages (SPEC section 8)', () => {
  it('shows the first message of the errors array', () => {
    const body = { message: 'Invalid input.', errors: [{ field: 'name', message: 'Name is required.' }, { field: 'url', message: 'Bad URL.' }] };
    expect(errorMessageOf(body)).toBe('Name is required.');
  });

  it('falls back to the message text', () => {
    expect(errorMessageOf({ message: 'Access changed.', errors: [] })).toBe('Access changed.');
    expect(errorMessageOf('plain text')).toBe('plain text');
    expect(errorMessageOf(undefined)).toBeUndefined();
  });

  it('joins validation constraints capitalised with a full stop', () => {
    const body = { errors: [{ field: 'name', constraints: { minLength: 'name must be longer', isString: 'name must be text.' } }] };
    expect(errorMessageOf(body)).toBe('Name must be longer. Name must be text.');
  });

  it('keys the field errors by field for the form, first message per field', () => {
    const body = { errors: [{ field: 'name', message: 'Too short.' }, { field: 'name', message: 'Second.' }, { field: '', message: 'General.' }, { field: 'url', message: 'Bad URL.' }] };
    expect(fieldErrorsOf(body)).toEqual({ name: 'Too short.', url: 'Bad URL.' });
    expect(fieldErrorsOf({ errors: { budget: 'Must be positive.' } })).toEqual({ budget: 'Must be positive.' });
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
