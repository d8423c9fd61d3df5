/** The catalog import's API (plugins/catalogs/server/routes.ts). */
import { API, apiFetch } from '@adsuite/admin/kit';

export interface ImportState {
  id: string;
  name: string;
  source: 'automatic' | 'manual';
  url: string | null;
  datatype: 'csv' | 'xml';
  compression: string;
  delimiter: string | null;
  importRunning: boolean;
  progress: number;
  parsingError: boolean;
  lastImport: string | null;
  count: number;
  feedFile: string | null;
  errors: { total: number; first: { line: number | null; message: string }[] };
}

const path = (id: string, rest: string) => `${API}/catalog/${encodeURIComponent(id)}${rest}`;

export async function fetchImportState(id: string): Promise<ImportState> {
  return (await apiFetch(path(id, '/import'))).json as ImportState;
}

/** Starts an import from the catalog's feed URL, or of `file` when given. */
export async function startImport(id: string, file?: File): Promise<ImportState> {
  let body: string | FormData = '{}';
  if (file) {
    body = new FormData();
    body.set('file', file, file.name);
  }
  return (await apiFetch(path(id, '/import'), { method: 'POST', body })).json as ImportState;
}

export async function cancelImport(id: string): Promise<ImportState> {
  return (await apiFetch(path(id, '/import/cancel'), { method: 'POST', body: '{}' })).json as ImportState;
}

export async function deleteProducts(id: string): Promise<ImportState> {
  return (await apiFetch(path(id, '/products'), { method: 'DELETE' })).json as ImportState;
}
