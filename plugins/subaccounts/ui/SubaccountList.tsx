/**
 * /subaccounts (SPEC section 2): the sub-accounts of the user's account with filters by role and, for the
 * systemoperator, by agency; the zero-results message; delete after confirmation.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, MenuItem, Stack,
  Table, TableBody, TableCell, TableHead, TableRow, TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { Identity } from '@adsuite/admin/kit';
import { ForManagers } from './shared.tsx';
import { SubaccountRow } from './SubaccountRow.tsx';
import { assignableRoles, deleteSubaccount, listOwners, listSubaccounts, type Subaccount } from './subaccountsApi.ts';
import { useText } from './useText.ts';

function Filter({ name, label, value, onChange, options }: { name: string; label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  const text = useText();
  return (
    <TextField select size="small" name={name} label={label} value={value} onChange={(event) => onChange(event.target.value)} fullWidth={false} sx={{ width: 260 }}>
      <MenuItem value="">{text('all')}</MenuItem>
      {options.map(([option, optionLabel]) => <MenuItem key={option} value={option}>{optionLabel}</MenuItem>)}
    </TextField>
  );
}

function AgencyFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const text = useText();
  const { data = [] } = useQuery({ queryKey: ['subaccounts', 'agencies'], queryFn: () => listOwners(['agency']) });
  return <Filter name="agency" label={text('filter_agency')} value={value} onChange={onChange} options={data.map((agency) => [agency.id, `${agency.name} ${agency.surname} (${agency.email})`])} />;
}

function ConfirmDelete({ row, onClose }: { row: Subaccount; onClose: (deleted: boolean) => void }) {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteSubaccount(row.id);
      notify(text('deleted'), { type: 'success' });
      onClose(true);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="delete-subaccount-title">
      <DialogTitle id="delete-subaccount-title">{text('delete_title')}</DialogTitle>
      <DialogContent><DialogContentText>{text('delete_text', { email: row.email })}</DialogContentText></DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy}>{translate('app.action.forget_it')}</Button>
        <Button onClick={remove} color="error" variant="contained" disabled={busy}>{translate('app.action.delete')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Subaccounts({ user }: { user: Identity }) {
  const text = useText();
  const translate = useTranslate();
  const client = useQueryClient();
  const [role, setRole] = useState('');
  const [agency, setAgency] = useState('');
  const [deleting, setDeleting] = useState<Subaccount>();
  const sysop = user.role === 'systemoperator';
  const key = ['subaccounts', role, agency];
  const { data, error, isFetching } = useQuery({ queryKey: key, queryFn: () => listSubaccounts({ role, parent: agency }) });
  const replace = (changed: Subaccount) => client.setQueryData<Subaccount[]>(key, (rows) => rows?.map((row) => (row.id === changed.id ? changed : row)));
  const roles = assignableRoles(sysop ? 'agency' : user.role === 'advertiser' ? 'advertiser' : 'agency', user.role);
  const columns = ['avatar', 'email', 'name', 'role', 'login_allowed', 'last_login'];

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
          <Filter name="role" label={text('filter_role')} value={role} onChange={setRole} options={roles.map((r) => [r, translate(`resources.login.values.role.${r}`, { _: r })])} />
          {sysop && <AgencyFilter value={agency} onChange={setAgency} />}
          <Box sx={{ flex: 1 }} />
          <Button component={Link} to="/subaccount/new" variant="contained" startIcon={<AddIcon />}>{text('create')}</Button>
        </Stack>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {error && <Alert severity="error">{error.message}</Alert>}
        {data && data.length === 0 && <Alert severity="info" data-testid="subaccounts-empty">{text('empty')}</Alert>}
        {data && data.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="subaccounts">
              <TableHead>
                <TableRow>
                  {columns.map((column) => <TableCell key={column}>{text(column)}</TableCell>)}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((row) => <SubaccountRow key={row.id} row={row} onChanged={replace} onDelete={setDeleting} />)}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
      {deleting && (
        <ConfirmDelete
          row={deleting}
          onClose={(deleted) => {
            setDeleting(undefined);
            if (deleted) void client.invalidateQueries({ queryKey: ['subaccounts'] });
          }}
        />
      )}
    </Card>
  );
}

export const SubaccountList = () => <ForManagers title="app.subaccounts.title">{(user) => <Subaccounts user={user} />}</ForManagers>;
