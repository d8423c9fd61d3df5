/**
 * The creative tools' calls (plugins/creatives/server/routes.ts, the generic banner and template API), through the
 * admin's `apiFetch`: token, Advertiser and Language headers, and the server's messages on a refusal.
 */
import { API, apiFetch } from '@adsuite/admin/kit';

export interface FolderSummary { id: string; name: string; parent: string | null }
export interface FolderEntry extends FolderSummary { folders: number; graphics: number }
export interface TreeFolder extends FolderSummary { path: string[] }

export interface Graphic {
  id: string;
  name: string;
  url: string;
  downloadLink: string;
  folder: string | null;
  advertiser: string;
  width: number | null;
  height: number | null;
  mimeType: string | null;
  size: number | null;
  created: string;
}

export interface FolderContent {
  advertiser: { id: string; name: string };
  path: FolderSummary[];
  folders: FolderEntry[];
  graphics: Graphic[];
  total: number;
}

export interface Size { width: number; height: number }

export interface PlaceholderDeclaration { key: string; label?: string; type?: 'text' | 'image' | 'url'; required?: boolean; max?: number }

export interface TemplateSummary { id: string; name: string; width: number; height: number; advertiser: string | null; placeholder: PlaceholderDeclaration[] }

export interface GeneratorStart {
  advertiser: { id: string; name: string; url: string | null };
  ci: {
    id: string; name: string; logo: string | null; logoUrl: string | null; primaryColor: string | null; secondaryColor: string | null;
    textColor: string | null; slogan: string | null; productName: string | null; url: string | null;
  } | null;
  templates: TemplateSummary[];
  sizes: Size[];
  /** The advertiser's graphics by file id (the value of an image placeholder). */
  images: { file: string; graphic: string; name: string; url: string; width: number | null; height: number | null }[];
}

export interface SavedBanner { id: string; name: string; width: number | null; height: number | null; url: string; bannerType: string }

const query = (values: Record<string, string | number | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params.toString();
};

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

export const creativesApi = {
  folder: async (advertiser: string, parent: string | null, search: string, offset: number, qty: number): Promise<FolderContent> =>
    (await apiFetch(`${API}/graphics/folders?${query({ advertiser, parent, search, offset, qty })}`)).json,
  tree: async (advertiser: string): Promise<{ folders: TreeFolder[] }> => (await apiFetch(`${API}/graphics/tree?${query({ advertiser })}`)).json,
  createFolder: async (advertiser: string, name: string, parent: string | null) => (await apiFetch(`${API}/graphics/folder`, json('POST', { advertiser, name, parent }))).json,
  renameFolder: async (id: string, name: string) => (await apiFetch(`${API}/graphics/folder/${id}`, json('PATCH', { name }))).json,
  deleteFolder: async (id: string) => (await apiFetch(`${API}/graphics/folder/${id}`, { method: 'DELETE' })).json,
  move: async (items: { graphics: string[]; folders: string[] }, target: string | null) => (await apiFetch(`${API}/graphics/move`, json('POST', { ...items, target }))).json,
  async upload(file: File, fields: { advertiser: string; folder: string | null; name?: string }): Promise<Graphic> {
    const form = new FormData();
    form.set('advertiser', fields.advertiser);
    if (fields.folder) form.set('folder', fields.folder);
    if (fields.name) form.set('name', fields.name);
    form.set('file', file);
    return (await apiFetch(`${API}/graphics/upload`, { method: 'POST', body: form })).json as Graphic;
  },
  generator: async (advertiser: string): Promise<GeneratorStart> => (await apiFetch(`${API}/banner/generator?${query({ advertiser })}`)).json,
  generate: async (body: { advertiser: string; template: string; values: Record<string, string>; sizes: string[] }): Promise<{ banners: SavedBanner[] }> =>
    (await apiFetch(`${API}/banner/generate`, json('POST', body))).json,
  preview: async (body: { html: string; placeholder: PlaceholderDeclaration[]; width: number; height: number; values: Record<string, string> }): Promise<{ html: string }> =>
    (await apiFetch(`${API}/banner/template/preview`, json('POST', body))).json,
  couponHistory: async (id: string): Promise<{ date: string; advertiser: string; name: string }[]> => (await apiFetch(`${API}/coupon/${id}/advertisers`)).json,
};

/** A refused save as the form shows it: the message, and the message of each field (`values.slogan`, `name`, ...). */
export function refusalOf(caught: unknown): { message: string; fields: Record<string, string> } {
  const error = caught as Error & { body?: { errors?: Record<string, string> } };
  return { message: error.message, fields: error.body?.errors ?? {} };
}
