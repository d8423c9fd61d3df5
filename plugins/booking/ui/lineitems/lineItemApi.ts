/** Saving a line item: `PUT /api/lineitem/:id`, and when the server refuses, `?force=true` saves it deactivated. */
import { API, apiFetch } from '@adsuite/admin/kit';

const path = (id: string) => `${API}/lineitem/${encodeURIComponent(id)}`;

export const saveLineItem = async (id: string, values: Record<string, unknown>) =>
  (await apiFetch(path(id), { method: 'PUT', body: JSON.stringify(values) })).json;

/** Saves anyway with the line item switched off; it is activated later, once what the server objected to is settled. */
export const forceSaveLineItem = async (id: string, values: Record<string, unknown>) =>
  (await apiFetch(`${path(id)}?force=true`, { method: 'PUT', body: JSON.stringify({ ...values, active: false }) })).json;
