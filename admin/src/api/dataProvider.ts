/** ra-data-simple-rest on /api with AdSuite's headers, plus `recover` for archived records. */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { API, apiFetch } from './http.ts';

export interface AdSuiteDataProvider extends DataProvider {
  /** POST /api/<resource>/<id>/recover: clears the archive mark. */
  recover(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
}

const rest = simpleRestProvider(API, apiFetch);

export const dataProvider: AdSuiteDataProvider = {
  ...rest,
  async recover(resource, { id }) {
    const { json } = await apiFetch(`${API}/${resource}/${encodeURIComponent(String(id))}/recover`, { method: 'POST' });
    return { data: { id, ...json } };
  },
};
