/** /subaccount/new and /subaccount/edit/:id around the one form. */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, LinearProgress } from '@mui/material';
import type { Identity } from '@adsuite/admin/kit';
import { ForManagers } from './shared.tsx';
import { EMPTY_SUBACCOUNT } from './subaccountForm.ts';
import { SubaccountForm } from './SubaccountForm.tsx';
import { getSubaccount } from './subaccountsApi.ts';
import { useText } from './useText.ts';

function NewSubaccount({ user }: { user: Identity }) {
  // Without another choice a sub-account reaches what its creator reaches (the server's default too).
  const advertisers = user.role === 'systemoperator' ? [] : user.advertisers.map((advertiser) => String(advertiser.id));
  return <SubaccountForm user={user} initial={{ ...EMPTY_SUBACCOUNT, advertisers }} />;
}

function EditSubaccount({ user, id }: { user: Identity; id: string }) {
  const text = useText();
  const { data, error } = useQuery({ queryKey: ['subaccounts', 'one', id], queryFn: () => getSubaccount(id) });
  if (error) return <Alert severity="warning" sx={{ mt: 2 }}>{(error as { status?: number }).status === 404 ? text('form.not_found') : error.message}</Alert>;
  if (!data) return <LinearProgress sx={{ mt: 2 }} />;
  const initial = { email: data.email, name: data.name, surname: data.surname, role: data.role, advertisers: data.advertisers, parent: data.parent ?? '' };
  return <SubaccountForm key={data.id} user={user} initial={initial} record={data} />;
}

/** Nobody edits themselves here (the server answers 404): the own account is the profile's. */
function OwnAccount() {
  const text = useText();
  return (
    <Alert severity="info" sx={{ mt: 2 }} action={<Button component={Link} to="/profile" color="inherit">{text('form.to_profile')}</Button>}>
      {text('form.own_account')}
    </Alert>
  );
}

export const SubaccountCreate = () => <ForManagers title="app.subaccount_new.title">{(user) => <NewSubaccount user={user} />}</ForManagers>;

export function SubaccountEdit() {
  const id = useParams().id ?? '';
  return (
    <ForManagers title="app.subaccount_edit.title">
      {(user) => (id === String(user.id) ? <OwnAccount /> : <EditSubaccount user={user} id={id} />)}
    </ForManagers>
  );
}
