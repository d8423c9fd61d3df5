/**
 * On a campaign's edit screen: staff (affiliatemanager, administrator, systemoperator) open the invitations of
 * publishers to it (/campaign/invitations/:id), also where they only read the campaign (the affiliate manager).
 */
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Button } from '@mui/material';
import { Link } from 'react-router';
import { useRecordContext } from 'react-admin';
import { useMayOpen } from '@adsuite/admin/kit';
import { useText } from './useText.ts';

export function InvitationsButton() {
  const record = useRecordContext();
  const mayOpen = useMayOpen();
  const text = useText();
  if (!record?.id || !mayOpen('/campaign/invitations/:id')) return null;
  return (
    <Button component={Link} to={`/campaign/invitations/${record.id}`} variant="outlined" startIcon={<GroupAddIcon />} data-action="campaign-invitations">
      {text('staff.open_invitations')}
    </Button>
  );
}

/** Shown to those who only read the campaign too (admin/src/resources/ResourceEdit.tsx). */
InvitationsButton.forReaders = true;
