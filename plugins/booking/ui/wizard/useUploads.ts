/**
 * Files on their way to POST /api/booking/files: each shows while it uploads and, when refused, with the
 * reason (SPEC section 5: images, videos or HTML banners of at most 10 MB, checked by content) until it is
 * dismissed or the next files are chosen: an old refusal does not outlive the upload that fixed it.
 */
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { M } from './fields.tsx';
import { uploadFile, type UploadedFile, type UploadKind } from './wizardApi.ts';

export interface Upload {
  id: number;
  name: string;
  size: number;
  error?: string;
}

let uploadCount = 0;

/** image, video or HTML by the file's type or ending; HTML5 banners also come zipped. */
export function kindOfFile(file: Pick<File, 'name' | 'type'>): UploadKind | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type === 'text/html' || /\.(html?|zip)$/i.test(file.name)) return 'html';
  return null;
}

export function useUploads() {
  const translate = useTranslate();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const settle = (id: number, error?: string) =>
    setUploads((list) => (error ? list.map((entry) => (entry.id === id ? { ...entry, error } : entry)) : list.filter((entry) => entry.id !== id)));

  /** Uploads one file; answers the stored file, or null when it was refused (the reason then shows). */
  const upload = useCallback(async (file: File, kind: UploadKind): Promise<UploadedFile | null> => {
    const id = (uploadCount += 1);
    setUploads((list) => [...list, { id, name: file.name, size: file.size }]);
    if (file.size > UPLOAD_MAX_BYTES) {
      settle(id, translate(M('upload.too_large'), { max: UPLOAD_MAX_BYTES / (1024 * 1024) }));
      return null;
    }
    try {
      const stored = await uploadFile(file, kind);
      settle(id);
      return stored;
    } catch (error) {
      settle(id, (error as Error).message || translate(M('upload.failed')));
      return null;
    }
  }, [translate]);

  /** A file refused before it is sent (a type the wizard does not take). */
  const refuse = useCallback((file: Pick<File, 'name' | 'size'>, error: string) => {
    setUploads((list) => [...list, { id: (uploadCount += 1), name: file.name, size: file.size, error }]);
  }, []);

  /** Forgets the refusals shown so far (new files are on their way). */
  const clearRefused = useCallback(() => setUploads((list) => list.filter((entry) => !entry.error)), []);

  const dismiss = useCallback((id: number) => setUploads((list) => list.filter((entry) => entry.id !== id)), []);
  return { uploads, upload, refuse, clearRefused, dismiss, uploading: uploads.some((entry) => !entry.error) };
}
