/** A message box: success, information, warning or error. Errors and warnings are announced. */
import type { ReactNode } from 'react';

export function Notice({ tone, children }: { tone: 'success' | 'info' | 'warning' | 'error'; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
