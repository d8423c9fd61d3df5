/** After a save: a success toast and back to the SPEC list path; on failure the server's message. */
import { useNotify, useRedirect } from 'react-admin';
import type { ResourceDef } from '@adsuite/config';
import { pathTo } from './routes.ts';

export function useSaveFeedback(resource: ResourceDef, success: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(`app.notification.${success}`, { type: 'success' });
      redirect(pathTo(resource, 'list'));
    },
    // Field errors of a 400 also appear at their inputs (react-admin reads them from `body.errors`).
    onError: (error: unknown) => {
      notify((error as Error)?.message || 'app.notification.unknown_error', { type: 'error' });
    },
  };
}
