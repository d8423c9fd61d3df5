import { useEffect } from 'react';

/** Leaves the member area for a page of the portal (/403, /404, /login): a full page load. */
export function LeaveFor({ to }: { to: string }) {
  useEffect(() => {
    globalThis.location.replace(to);
  }, [to]);
  return null;
}

export const NotFound = () => <LeaveFor to="/404" />;
