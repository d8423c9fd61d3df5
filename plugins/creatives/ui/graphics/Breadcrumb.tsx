/** Where in the library the screen is: Root, then each folder down to the open one (SPEC section 2 "breadcrumb from Root"). */
import { Breadcrumbs, Link, Typography } from '@mui/material';
import type { FolderSummary } from '../api.ts';
import { useText } from '../useText.ts';

export function FolderBreadcrumb({ path, open }: { path: FolderSummary[]; open: (id: string | null) => void }) {
  const text = useText();
  const crumbs = [{ id: null as string | null, name: text('root') }, ...path];
  return (
    <Breadcrumbs aria-label={text('breadcrumb')} data-testid="folder-breadcrumb" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      {crumbs.map((crumb, index) => (index === crumbs.length - 1
        ? <Typography key={crumb.id ?? 'root'} color="text.primary" sx={{ fontWeight: 600 }}>{crumb.name}</Typography>
        : <Link key={crumb.id ?? 'root'} component="button" underline="hover" color="inherit" onClick={() => open(crumb.id)}>{crumb.name}</Link>))}
    </Breadcrumbs>
  );
}
