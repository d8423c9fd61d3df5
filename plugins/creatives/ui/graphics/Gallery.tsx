/**
 * /gallery: the graphics library as pictures (SPEC section 6: wizard and up). The folder tree beside the open
 * folder's subfolders and image previews; an image opens large with its size and link. Changes to the tree are
 * made on /graphics.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import FolderIcon from '@mui/icons-material/Folder';
import HomeIcon from '@mui/icons-material/Home';
import {
  Alert, Box, Button, Card, CardActionArea, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItemButton,
  ListItemIcon, ListItemText, Pagination, Stack, Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { CopyButton } from '@adsuite/admin/kit';
import type { Graphic } from '../api.ts';
import { AdvertiserPicker } from '../AdvertiserPicker.tsx';
import { useText } from '../useText.ts';
import { FolderBreadcrumb } from './Breadcrumb.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { useLibrary } from './useLibrary.ts';

const PER_PAGE = 48;
const TILE = { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' };

function ImageDialog({ graphic, onClose }: { graphic: Graphic; onClose: () => void }) {
  const text = useText();
  const link = new URL(graphic.url, globalThis.location.origin).toString();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="image-dialog">
      <DialogTitle sx={{ wordBreak: 'break-word' }}>{graphic.name}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', p: 2, mb: 2 }}>
          <img src={graphic.url} alt={graphic.name} style={{ maxWidth: '100%', maxHeight: '60vh' }} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {[graphic.width && graphic.height ? `${graphic.width}x${graphic.height}` : null, graphic.mimeType].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace', mt: 1 }}>{link}</Typography>
      </DialogContent>
      <DialogActions>
        <CopyButton text={link} label="app.creatives.gallery.copy_link" />
        <Button component={RouterLink} to={`/graphics?folder=${graphic.folder ?? ''}&advertiser=${graphic.advertiser}`}>{text('gallery.in_library')}</Button>
        <Button onClick={onClose}>{text('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function Gallery() {
  const text = useText();
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<Graphic | null>(null);
  const library = useLibrary({ page, perPage: PER_PAGE });
  const { content } = library;
  const open = (id: string | null) => {
    setPage(0);
    library.open(id);
  };
  const pages = content ? Math.ceil(content.total / PER_PAGE) : 0;
  return (
    <Box data-testid="gallery">
      <Title title={translate('app.gallery.title')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Card sx={{ width: { md: 280 }, flex: 'none' }}>
          <CardContent sx={{ pb: 0 }}>
            <AdvertiserPicker advertisers={library.advertisers} value={library.advertiser} onChange={library.chooseAdvertiser} />
            <Typography variant="subtitle2" sx={{ mt: library.advertisers.length > 1 ? 2 : 0 }}>{text('gallery.folders')}</Typography>
          </CardContent>
          <List dense sx={{ maxHeight: { xs: 220, md: 'none' }, overflowY: 'auto' }} data-testid="gallery-tree">
            <ListItemButton selected={!library.folder} onClick={() => open(null)}>
              <ListItemIcon sx={{ minWidth: 32 }}><HomeIcon fontSize="small" /></ListItemIcon>
              <ListItemText primary={text('root')} />
            </ListItemButton>
            {library.tree.map((folder) => (
              <ListItemButton key={folder.id} selected={library.folder === folder.id} onClick={() => open(folder.id)} sx={{ pl: 1 + folder.path.length * 2 }}>
                <ListItemIcon sx={{ minWidth: 32 }}><FolderIcon fontSize="small" color="primary" /></ListItemIcon>
                <ListItemText primary={folder.name} />
              </ListItemButton>
            ))}
          </List>
        </Card>
        <Card sx={{ flex: 1, minWidth: 0 }}>
          <CardContent>
            {content && <FolderBreadcrumb path={content.path} open={open} />}
            {library.loading && <LinearProgress sx={{ mt: 1 }} />}
            {library.error && <Alert severity="error" sx={{ mt: 2 }}>{library.error.message}</Alert>}
            {content && !content.folders.length && !content.graphics.length && (
              <Typography color="text.secondary" sx={{ py: 3 }} data-testid="gallery-empty">{text('gallery.empty')}</Typography>
            )}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: TILE, mt: 2 }}>
              {content?.folders.map((folder) => (
                <Card key={folder.id} variant="outlined" data-folder={folder.name}>
                  <CardActionArea onClick={() => open(folder.id)} sx={{ p: 1.5, height: '100%' }}>
                    <Box sx={{ height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}><FolderIcon color="primary" sx={{ fontSize: 72 }} /></Box>
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{folder.name}</Typography>
                    <Typography variant="caption" color="text.secondary">{text('graphics.folder_counts', { folders: folder.folders, graphics: folder.graphics })}</Typography>
                  </CardActionArea>
                </Card>
              ))}
              {content?.graphics.map((graphic) => (
                <Card key={graphic.id} variant="outlined" data-graphic={graphic.name}>
                  <CardActionArea onClick={() => setShown(graphic)} sx={{ p: 1.5, height: '100%' }}>
                    <Thumbnail graphic={graphic} height={120} maxWidth={400} />
                    <Typography sx={{ fontWeight: 500, mt: 1, wordBreak: 'break-word' }}>{graphic.name}</Typography>
                    <Typography variant="caption" color="text.secondary">{graphic.width && graphic.height ? `${graphic.width}x${graphic.height}` : ''}</Typography>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
            {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={page + 1} onChange={(_event, next) => setPage(next - 1)} />}
          </CardContent>
        </Card>
      </Stack>
      {shown && <ImageDialog graphic={shown} onClose={() => setShown(null)} />}
    </Box>
  );
}
