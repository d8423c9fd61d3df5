/** The title of one record (a campaign's name) for a screen's heading, when the user may read it. */
import { useGetOne } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { useCan } from '../abilities/AbilityProvider.tsx';

export function useRecordTitle(resource: string, id: string | undefined): string | undefined {
  const can = useCan();
  const enabled = Boolean(id && resource) && can('read', resource);
  const { data } = useGetOne(resource, { id: id ?? '' }, { enabled, retry: false });
  const value = data?.[resourceByName[resource]?.titleField ?? 'name'];
  return value === undefined || value === null ? undefined : String(value);
}
