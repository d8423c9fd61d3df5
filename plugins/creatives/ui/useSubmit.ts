/** A form's save: busy while it runs; a refusal shows its message and, at each field, that field's message. */
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { refusalOf } from './api.ts';

export function useSubmit() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (caught) {
      const refusal = refusalOf(caught);
      setErrors(refusal.fields);
      notify(refusal.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, submit };
}
