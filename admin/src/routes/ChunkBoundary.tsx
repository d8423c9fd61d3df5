/**
 * Shows 'Loading chunk failed' (SPEC section 8) where a screen's code did not arrive (onDemand.ts), with a way to
 * load the page again; any other error goes on to react-admin's error page.
 */
import { Component, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ChunkLoadError } from './onDemand.ts';

function ChunkFailed() {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="chunk-failed"
      action={<Button color="inherit" size="small" onClick={() => globalThis.location.reload()}>{translate('app.update.reload')}</Button>}>
      {translate('app.update.chunk_failed')}
    </Alert>
  );
}

export class ChunkBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error instanceof ChunkLoadError) return <ChunkFailed />;
    if (error) throw error;
    return this.props.children;
  }
}
