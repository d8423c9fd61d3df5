/**
 * Moving graphics and folders in the tree: the target is Root or any folder but the moved folders and those below
 * them (the server refuses such a cycle too, and says why).
 */
import { useState } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import HomeIcon from '@mui/icons-material/Home';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useNotify } from 'react-admin';
import { creativesApi, type TreeFolder } from '../api.ts';
import { useText } from '../useText.ts';

interface MoveDialogProps {
  tree: TreeFolder[];
  items: { graphics: string[]; folders: string[] };
  /** Where the items are now (a move there changes nothing). */
  current: string | null;
  onMoved: () => void;
  onClose: () => void;
}

/** The folders below `ids` (and they themselves): no place to move them to. */
export function subtreeOf(tree: TreeFolder[], ids: string[]): Set<string> {
  const inside = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of tree) {
      if (folder.parent && inside.has(folder.parent) && !inside.has(folder.id)) {
        inside.add(folder.id);
        grew = true;
      }
    }
  }
  return inside;
}

export function MoveDialog({ tree, items, current, onMoved, onClose }: MoveDialogProps) {
  const text = useText();
  const notify = useNotify();
  const [target, setTarget] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const excluded = subtreeOf(tree, items.folders);
  const count = items.graphics.length + items.folders.length;
  const move = async () => {
    if (target === undefined) return;
    setBusy(true);
    try {
      await creativesApi.move(items, target);
      notify('app.creatives.move.moved', { type: 'success', messageArgs: { smart_count: count } });
      onMoved();
      onClose();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const choice = (id: string | null, label: string, depth: number, disabled: boolean) => (
    <ListItemButton key={id ?? 'root'} selected={target === id} disabled={disabled} onClick={() => { setTarget(id); setError(null); }}
      sx={{ pl: 2 + depth * 2 }} data-target={id ?? 'root'}>
      <ListItemIcon sx={{ minWidth: 36 }}>{id ? <FolderIcon fontSize="small" color="primary" /> : <HomeIcon fontSize="small" />}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="move-dialog">
      <DialogTitle>{text('move.title', { smart_count: count })}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {error && <Alert severity="error" sx={{ m: 2 }}>{error}</Alert>}
        <List dense>
          {choice(null, text('root'), 0, current === null && !items.folders.length)}
          {tree.map((folder) => choice(folder.id, folder.name, folder.path.length, excluded.has(folder.id) || (folder.id === current && !items.folders.length)))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text('cancel')}</Button>
        <Button variant="contained" disabled={busy || target === undefined} onClick={move} data-action="move-here">{text('move.here')}</Button>
      </DialogActions>
    </Dialog>
  );
}
