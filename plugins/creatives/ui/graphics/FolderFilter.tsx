/** The folder filter: any folder of the advertiser by its path from Root, to open it. */
import { Autocomplete, TextField } from '@mui/material';
import type { TreeFolder } from '../api.ts';
import { useText } from '../useText.ts';

export const pathName = (folder: TreeFolder) => folder.path.join(' / ');

export function FolderFilter({ tree, folder, open }: { tree: TreeFolder[]; folder: string | null; open: (id: string | null) => void }) {
  const text = useText();
  const value = tree.find((entry) => entry.id === folder) ?? null;
  return (
    <Autocomplete
      size="small"
      options={tree}
      value={value}
      getOptionLabel={pathName}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => open(chosen?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={text('folder_filter')} placeholder={text('root')} />}
      sx={{ minWidth: 240, flex: '1 1 240px', maxWidth: 420 }}
      noOptionsText={text('no_folders')}
      data-testid="folder-filter"
    />
  );
}
