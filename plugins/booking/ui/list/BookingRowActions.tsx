/** Everything one row of the bookings list offers: details, information, edit, container code, lifecycle, delete/recover. */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import CodeIcon from '@mui/icons-material/Code';
import EditIcon from '@mui/icons-material/Edit';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { ArchiveButton, useCan, useMayOpen } from '@adsuite/admin/kit';
import { resourceByName } from '@adsuite/config';
import { BookingDetailDialog, type BookingDetail } from './BookingDetailDialog.tsx';
import { BookingInfoDialog } from './BookingInfoDialog.tsx';
import { editPath, editRoute, hasContainerCode, isEditable } from './bookingRules.ts';
import { ContainerCodeDialog } from './ContainerCodeDialog.tsx';
import { LifecycleControls } from './LifecycleControls.tsx';

type Dialog = 'details' | 'info' | 'container' | null;

function IconAction({ label, icon, onClick, action }: { label: string; icon: ReactNode; onClick: () => void; action: string }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} data-action={action}>{icon}</IconButton>
    </Tooltip>
  );
}

export function BookingRowActions() {
  const record = useRecordContext<BookingDetail & { advertiser?: string; created?: string; campaign?: string | null }>();
  const translate = useTranslate();
  const can = useCan();
  const mayOpen = useMayOpen();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!record) return null;
  const booking = { ...record, id: String(record.id) };
  const changes = can('update', 'booking', record);
  const label = (action: string) => translate(`app.bookings.action.${action}`);
  const close = () => setDialog(null);
  const editable = changes && isEditable(booking) && mayOpen(editRoute(booking));

  return (
    <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="flex-end" onClick={(event) => event.stopPropagation()} data-booking={booking.name}>
      {changes && <LifecycleControls booking={booking} />}
      <IconAction label={label('details')} icon={<VisibilityIcon fontSize="small" />} onClick={() => setDialog('details')} action="details" />
      <IconAction label={label('information')} icon={<InfoOutlinedIcon fontSize="small" />} onClick={() => setDialog('info')} action="information" />
      {hasContainerCode(booking) && booking.advertiser && (
        <IconAction label={label('container_code')} icon={<CodeIcon fontSize="small" />} onClick={() => setDialog('container')} action="container_code" />
      )}
      {record.campaign && mayOpen('/campaign/stats/:id') && (
        <Tooltip title={label('statistics')}>
          <IconButton size="small" component={Link} to={`/campaign/stats/${record.campaign}`} aria-label={label('statistics')} data-action="statistics"><InsightsIcon fontSize="small" /></IconButton>
        </Tooltip>
      )}
      {editable && (
        <Tooltip title={label('edit')}>
          <IconButton size="small" component={Link} to={editPath(booking)} aria-label={label('edit')} data-action="edit"><EditIcon fontSize="small" /></IconButton>
        </Tooltip>
      )}
      <ArchiveButton resource={resourceByName.booking} />
      {dialog === 'details' && <BookingDetailDialog booking={booking} open onClose={close} />}
      {dialog === 'info' && <BookingInfoDialog booking={booking} open onClose={close} />}
      {dialog === 'container' && <ContainerCodeDialog booking={booking} open onClose={close} />}
    </Stack>
  );
}
