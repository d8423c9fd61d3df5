import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { memoryStorage } from '../../test/memoryStorage.ts';
import { session } from '../session.ts';
import { takeNotice } from '../notice.ts';
import { apiFetch } from './http.ts';
import { dataProvider } from './dataProvider.ts';

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
const calls: { url: string; method: string; headers: Headers }[] = [];

function answer(...answers: Answer[]) {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers) });
    const { status = 200, body = {}, headers = {} } = answers.length > 1 ? answers.shift()! : answers[0];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  }));
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  session.start({ accessToken: 'tok', role: 'agency', language: 'en', advertiser: { _id: 'adv-1' }, publisher: { _id: null } });
});
afterEach(() => vi.unstubAllGlobals());

describe('API requests', () => {
  it('carry the bearer token and the Advertiser, Publisher and Language headers', async () => {
    session.select({ publisher: 'pub-9' });
    answer({ body: [] });
    await apiFetch('/api/banner');
    const { headers } = calls[0];
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Advertiser')).toBe('adv-1');
    expect(headers.get('Publisher')).toBe('pub-9');
    expect(headers.get('Language')).toBe('en');
  });

  it('leave out the tenant headers when nothing is selected', async () => {
    session.select({ advertiser: null });
    answer({ body: [] });
    await apiFetch('/api/banner');
    expect(calls[0].headers.has('Advertiser')).toBe(false);
    expect(calls[0].headers.has('Publisher')).toBe(false);
  });

  it('turn a 400 into the first error message and field errors for the form', async () => {
    answer({ status: 400, body: { message: 'Invalid input.', errors: [{ field: 'name', message: 'Name is required.' }] } });
    const error = await apiFetch('/api/banner', { method: 'POST', body: '{}' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Name is required.');
    expect(error.body.errors).toEqual({ name: 'Name is required.' });
  });

  it('carry no field errors for errors that name no field', async () => {
    answer({ status: 403, body: { message: 'Forbidden here.', errors: [] } });
    const error = await apiFetch('/api/coupon').catch((e) => e);
    expect(error.message).toBe('Forbidden here.');
    expect(error.body.errors).toBeUndefined();
  });

  it('answer 406 by taking the selection the server holds, then reloading with the server\'s message', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { reload });
    const message = 'Access changed: you now see Agency Client One, which this belongs to.';
    answer({ status: 406, body: { message } }, { body: { id: 'u1', selectedAdvertiser: 'adv-2', selectedPublisher: null } });
    await expect(apiFetch('/api/campaign/c1/report')).rejects.toMatchObject({ status: 406 });
    expect(calls[1].url).toBe('/api/auth/login');
    expect(calls[1].headers.has('Advertiser')).toBe(false);
    expect(session.selectedAdvertiser()).toBe('adv-2');
    expect(takeNotice()).toBe(message);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('say "Access changed." after a 406 without a message', async () => {
    vi.resetModules();
    const fresh = await import('./http.ts');
    const notices = await import('../notice.ts');
    vi.stubGlobal('location', { reload: vi.fn() });
    answer({ status: 406, body: {} }, { body: { id: 'u1', selectedAdvertiser: null, selectedPublisher: null } });
    await expect(fresh.apiFetch('/api/booking')).rejects.toMatchObject({ status: 406 });
    expect(notices.takeNotice()).toBe('app.auth.access_changed');
  });

  it('recover archived records with POST /api/<name>/<id>/recover', async () => {
    answer({ body: { id: 'b1', name: 'Banner', archivedAt: null } });
    const { data } = await dataProvider.recover('banner', { id: 'b1' });
    expect(calls[0]).toMatchObject({ url: '/api/banner/b1/recover', method: 'POST' });
    expect(data).toMatchObject({ id: 'b1', archivedAt: null });
  });

  it('list in the ra-data-simple-rest protocol under /api', async () => {
    answer({ body: [{ id: 'b1' }], headers: { 'Content-Range': 'booking 0-0/1' } });
    const result = await dataProvider.getList('booking', {
      pagination: { page: 2, perPage: 10 }, sort: { field: 'created', order: 'DESC' }, filter: { q: 'spring', archived: true },
    });
    const url = new URL(calls[0].url, 'http://admin.test');
    expect(url.pathname).toBe('/api/booking');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([10, 19]);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'spring', archived: true });
    expect(result).toMatchObject({ total: 1, data: [{ id: 'b1' }] });
  });
});

describe('retries', () => {
  it('retries network trouble and server errors, never a refusal', async () => {
    const { retryUnlessRefused } = await import('./queryClient.ts');
    expect(retryUnlessRefused(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryUnlessRefused(1, new HttpError('boom', 500, {}))).toBe(true);
    expect(retryUnlessRefused(3, new HttpError('boom', 500, {}))).toBe(false);
    for (const status of [400, 401, 403, 404, 406]) expect(retryUnlessRefused(0, new HttpError('no', status, {}))).toBe(false);
  });
});
