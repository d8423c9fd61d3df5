/** What the creative tools' API tests share: the creative API tests' server kit, and uploads into the graphics library. */
import { useCreativeServer, type Answer } from '../../booking/server/testkit.ts';

export function useCreativesServer() {
  const kit = useCreativeServer();
  return {
    ...kit,
    /** A multipart upload to /api/graphics/upload with these form fields. */
    async uploadGraphic(email: string, data: Buffer, name: string, fields: Record<string, string> = {}): Promise<Answer> {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(data)]), name);
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const res = await fetch(`${kit.server().url}/api/graphics/upload`, { method: 'POST', headers: { Authorization: `Bearer ${await kit.token(email)}`, Language: 'en' }, body: form });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
  };
}
