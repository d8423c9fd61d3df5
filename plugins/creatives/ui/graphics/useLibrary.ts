/**
 * The graphics library as the screens hold it: the advertiser and folder in the address (`?advertiser=&folder=`,
 * so back and forward walk the tree), the open folder's content and every folder with its path (the folder filter
 * and the move dialog's choices), and a refresh after each change.
 */
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { creativesApi } from '../api.ts';
import { useAdvertiserChoice } from '../useText.ts';

export function useLibrary({ search = '', page = 0, perPage = 50 }: { search?: string; page?: number; perPage?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const choice = useAdvertiserChoice(params.get('advertiser'));
  const advertiser = choice.advertiser;
  const folder = params.get('folder') || null;
  const client = useQueryClient();
  const content = useQuery({
    queryKey: ['creatives', 'folder', advertiser, folder, search, page, perPage],
    queryFn: () => creativesApi.folder(advertiser!, folder, search, page * perPage, perPage),
    enabled: !!advertiser,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const tree = useQuery({ queryKey: ['creatives', 'tree', advertiser], queryFn: () => creativesApi.tree(advertiser!), enabled: !!advertiser, retry: false });
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('folder', id);
    else next.delete('folder');
    setParams(next);
  };
  const chooseAdvertiser = (id: string) => {
    choice.choose(id);
    setParams(new URLSearchParams({ advertiser: id }));
  };
  const refresh = () => client.invalidateQueries({ queryKey: ['creatives'] });
  return {
    advertisers: choice.advertisers, advertiser, chooseAdvertiser, folder, open, refresh,
    content: content.data, loading: content.isFetching, error: content.error as Error | null, tree: tree.data?.folders ?? [],
  };
}

export type Library = ReturnType<typeof useLibrary>;
