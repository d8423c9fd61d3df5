/**
 * A confirmation dialog's action: busy while it runs; a failure stays in the dialog as its message and frees the
 * buttons, so the same action can be tried again. Success is the caller's (it closes the dialog).
 */
import { useState } from 'react';

export function useConfirmation(onConfirm: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };
  return { busy, error, confirm };
}
