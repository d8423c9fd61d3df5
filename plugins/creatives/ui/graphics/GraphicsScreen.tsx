/**
 * /graphics, the graphics library (SPEC section 2 "Generic entity list: Graphics"): the open folder's folders and
 * graphics with the breadcrumb from Root, the folder filter and a search, Create Folder and rename modals, uploads
 * into the open folder, and moving the chosen graphics and folders anywhere in the tree.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import FolderIcon from '@mui/icons-material/Folder';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, IconButton, InputAdornment, LinearProgress, Link, Stack, Table, TableBody, TableCell,
  TableHead, TablePagination, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@adsuite/config';
import { formatDay, useAbilityState, useCan, useMayOpen } from '@adsuite/admin/kit';
import { creativesApi, type FolderEntry, type Graphic } from '../api.ts';
import { AdvertiserPicker } from '../AdvertiserPicker.tsx';
import { useText } from '../useText.ts';
import { FolderBreadcrumb } from './Breadcrumb.tsx';
import { FolderDialog } from './FolderDialog.tsx';
import { FolderFilter } from './FolderFilter.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useLibrary } from './useLibrary.ts';

type Modal = { kind: 'create' } | { kind: 'rename'; folder: FolderEntry } | { kind: 'upload' } | { kind: 'move'; graphics: string[]; folders: string[] } | null;

const NARROW_HIDDEN = { display: { xs: 'none', md: 'table-cell' } };

export function GraphicsScreen() {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const can = useCan();
  // SPEC section 6: the advertiser filter of graphics is the systemoperator's; everyone else sees the selected advertiser's.
  const picksAdvertiser = useAbilityState().user?.role === 'systemoperator';
  const mayOpen = useMayOpen();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [chosen, setChosen] = useState<{ graphics: Set<string>; folders: Set<string> }>({ graphics: new Set(), folders: new Set() });
  const [modal, setModal] = useState<Modal>(null);
  const library = useLibrary({ search, page, perPage });
  const { content, advertiser } = library;
  const clear = () => setChosen({ graphics: new Set(), folders: new Set() });
  const open = (id: string | null) => {
    clear();
    setPage(0);
    library.open(id);
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    setPage(0);
    setSearch(typed.trim());
  };
  const toggle = (kind: 'graphics' | 'folders', id: string) => setChosen((now) => {
    const next = new Set(now[kind]);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return { ...now, [kind]: next };
  });
  const count = chosen.graphics.size + chosen.folders.size;
  const remove = async (folder: FolderEntry) => {
    try {
      await creativesApi.deleteFolder(folder.id);
      notify('app.creatives.folder_dialog.deleted', { type: 'info', messageArgs: { name: folder.name } });
      library.refresh();
    } catch (caught) {
      notify((caught as Error).message, { type: 'error' });
    }
  };
  const here = content?.path.at(-1) ?? null;
  const mayEdit = (graphic: Graphic) => can('update', 'graphic', graphic as never) && mayOpen('/graphic/edit/:id');
  const rows = [...(content?.folders ?? []), ...(content?.graphics ?? [])];

  return (
    <Box data-testid="graphics-library">
      <Title title={translate('resources.graphic.name', { smart_count: 2 })} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
            {picksAdvertiser && <AdvertiserPicker advertisers={library.advertisers} value={advertiser} onChange={(id) => { clear(); library.chooseAdvertiser(id); }} />}
            <FolderFilter tree={library.tree} folder={library.folder} open={open} />
            <Box component="form" onSubmit={find} sx={{ flex: '1 1 200px', maxWidth: 320 }}>
              <TextField size="small" fullWidth name="graphics-search" label={text('search')} value={typed} onChange={(event) => setTyped(event.target.value)}
                slotProps={{ input: { endAdornment: <InputAdornment position="end"><IconButton type="submit" size="small" aria-label={text('search')}><SearchIcon fontSize="small" /></IconButton></InputAdornment> } }} />
            </Box>
            <Box sx={{ flex: 1 }} />
            {can('create', 'folder') && <Button startIcon={<CreateNewFolderIcon />} onClick={() => setModal({ kind: 'create' })} data-action="create-folder">{text('graphics.create_folder')}</Button>}
            {can('create', 'graphic') && <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => setModal({ kind: 'upload' })} data-action="upload">{text('graphics.upload')}</Button>}
            <Button startIcon={<DriveFileMoveIcon />} disabled={!count} data-action="move"
              onClick={() => setModal({ kind: 'move', graphics: [...chosen.graphics], folders: [...chosen.folders] })}>{text('graphics.move', { smart_count: count })}</Button>
          </Stack>
          {content && <FolderBreadcrumb path={content.path} open={open} />}
        </CardContent>
        {library.loading && <LinearProgress />}
        {library.error && <Alert severity="error" sx={{ mx: 2, mb: 2 }}>{library.error.message}</Alert>}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="library-rows">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{text('graphics.columns.preview')}</TableCell>
                <TableCell>{text('graphics.columns.name')}</TableCell>
                <TableCell sx={NARROW_HIDDEN}>{text('graphics.columns.size')}</TableCell>
                <TableCell sx={NARROW_HIDDEN}>{text('graphics.columns.created')}</TableCell>
                <TableCell align="right">{text('graphics.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {content && !rows.length && (
                <TableRow><TableCell colSpan={6}><Typography color="text.secondary" sx={{ py: 2 }} data-testid="library-empty">{text(search ? 'no_results' : 'graphics.empty')}</Typography></TableCell></TableRow>
              )}
              {content?.folders.map((folder) => (
                <TableRow key={folder.id} hover data-folder={folder.name}>
                  <TableCell padding="checkbox"><Checkbox size="small" checked={chosen.folders.has(folder.id)} onChange={() => toggle('folders', folder.id)} slotProps={{ input: { 'aria-label': folder.name } }} /></TableCell>
                  <TableCell><FolderIcon color="primary" sx={{ fontSize: 40 }} /></TableCell>
                  <TableCell>
                    <Link component="button" onClick={() => open(folder.id)} sx={{ fontWeight: 600, textAlign: 'left' }}>{folder.name}</Link>
                    <Typography variant="body2" color="text.secondary">{text('graphics.folder_counts', { folders: folder.folders, graphics: folder.graphics })}</Typography>
                  </TableCell>
                  <TableCell sx={NARROW_HIDDEN} />
                  <TableCell sx={NARROW_HIDDEN} />
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {can('update', 'folder') && (
                      <Tooltip title={text('graphics.rename')}><IconButton size="small" aria-label={text('graphics.rename')} onClick={() => setModal({ kind: 'rename', folder })}><EditIcon fontSize="small" /></IconButton></Tooltip>
                    )}
                    {can('delete', 'folder') && !folder.folders && !folder.graphics && (
                      <Tooltip title={text('graphics.delete_folder')}><IconButton size="small" aria-label={text('graphics.delete_folder')} onClick={() => remove(folder)}><DeleteOutlineIcon fontSize="small" /></IconButton></Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {content?.graphics.map((graphic) => (
                <TableRow key={graphic.id} hover data-graphic={graphic.name}>
                  <TableCell padding="checkbox"><Checkbox size="small" checked={chosen.graphics.has(graphic.id)} onChange={() => toggle('graphics', graphic.id)} slotProps={{ input: { 'aria-label': graphic.name } }} /></TableCell>
                  <TableCell><Thumbnail graphic={graphic} height={48} /></TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {mayEdit(graphic) ? <Link component={RouterLink} to={`/graphic/edit/${graphic.id}`} sx={{ fontWeight: 500 }}>{graphic.name}</Link> : graphic.name}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>{graphic.width && graphic.height ? `${graphic.width}x${graphic.height}` : ''}</Typography>
                  </TableCell>
                  <TableCell sx={NARROW_HIDDEN}>{graphic.width && graphic.height ? `${graphic.width}x${graphic.height}` : ''}</TableCell>
                  <TableCell sx={{ ...NARROW_HIDDEN, whiteSpace: 'nowrap' }}>{formatDay(graphic.created)}</TableCell>
                  <TableCell align="right">
                    {can('update', 'graphic') && (
                      <Tooltip title={text('graphics.move_one')}><IconButton size="small" aria-label={text('graphics.move_one')} onClick={() => setModal({ kind: 'move', graphics: [graphic.id], folders: [] })}><DriveFileMoveIcon fontSize="small" /></IconButton></Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {content && content.total > 0 && (
          <TablePagination component="div" count={content.total} page={page} rowsPerPage={perPage} rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_event, next) => setPage(next)} onRowsPerPageChange={(event) => { setPerPage(Number(event.target.value)); setPage(0); }}
            labelRowsPerPage={text('per_page')} labelDisplayedRows={({ from, to, count }) => text('displayed', { from, to, count })} />
        )}
      </Card>
      {modal?.kind === 'create' && advertiser && (
        <FolderDialog mode="create" onClose={() => setModal(null)} save={async (name) => { await creativesApi.createFolder(advertiser, name, library.folder); library.refresh(); }} />
      )}
      {modal?.kind === 'rename' && (
        <FolderDialog mode="rename" initial={modal.folder.name} onClose={() => setModal(null)} save={async (name) => { await creativesApi.renameFolder(modal.folder.id, name); library.refresh(); }} />
      )}
      {modal?.kind === 'upload' && advertiser && (
        <UploadDialog advertiser={advertiser} folder={library.folder} folderName={here?.name ?? text('root')} onUploaded={library.refresh} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'move' && (
        <MoveDialog tree={library.tree} items={{ graphics: modal.graphics, folders: modal.folders }} current={library.folder}
          onMoved={() => { clear(); library.refresh(); }} onClose={() => setModal(null)} />
      )}
    </Box>
  );
}
