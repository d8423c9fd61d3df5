/**
 * A statistics screen's failure (SPEC section 8): a refused range reads the server's message, any other failure
 * the screen's stats failure text; an expired session signs out.
 */
import { useEffect } from 'react';
import { Alert } from '@mui/material';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';

export function LoadError({ error, failed, testId }: { error: unknown; failed: string; testId: string }) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const status = error instanceof HttpError ? error.status : undefined;
  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied(error);
  }, [status, error, logoutIfAccessDenied]);
  return <Alert severity="error" data-testid={testId}>{status === 400 && error instanceof Error ? error.message : failed}</Alert>;
}
