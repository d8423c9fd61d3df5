/**
 * /wizard/new and /wizard/edit/:id (SPEC section 2 "Affiliate wizard"): titled 'Create a new entity' and 'Edit'; Save
 * and Cancel return to /wizards; an edit screen sets the program live (LiveControls.tsx).
 */
import { Box } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Create, Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { Link } from 'react-router';
import { resourceByName } from '@adsuite/config';
import { ArchiveButton, useAbilityState, useCan, usePageTitle, useSaveFeedback } from '@adsuite/admin/kit';
import { LiveControls } from './LiveControls.tsx';
import { newWizardDefaults, WizardForm } from './WizardForm.tsx';
import { useText } from './useText.ts';

const LIST = '/wizards';
const wizard = resourceByName.wizard;
/** What the server takes: the writable fields, not what it answers besides (id, live, catalog, ...). */
const writable = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([key]) => wizard.fields[key] && !wizard.fields[key].readOnly));

function CancelButton() {
  const text = useText();
  return (
    <Button component={Link} to={LIST} label={text('cancel')} data-action="wizard-cancel">
      <CloseIcon />
    </Button>
  );
}

function WizardToolbar({ editing }: { editing: boolean }) {
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <CancelButton />
      {editing && <LiveControls />}
      <Box sx={{ flex: 1 }} />
      {editing && <ArchiveButton resource={wizard} redirectTo={LIST} />}
    </Toolbar>
  );
}

export function WizardCreate() {
  const { ready } = useAbilityState();
  const text = useText();
  const feedback = useSaveFeedback(wizard, 'created');
  usePageTitle(text('create_title'));
  if (!ready) return null;
  return (
    <Create resource="wizard" title={text('create_title')} transform={writable} mutationOptions={feedback}>
      <SimpleForm defaultValues={newWizardDefaults()} toolbar={<WizardToolbar editing={false} />} sanitizeEmptyValues>
        <WizardForm writable />
      </SimpleForm>
    </Create>
  );
}

function EditForm() {
  const record = useRecordContext();
  const can = useCan();
  const mayChange = Boolean(record) && can('update', 'wizard', record);
  return (
    <SimpleForm toolbar={mayChange ? <WizardToolbar editing /> : false} disabled={!mayChange} sanitizeEmptyValues>
      <WizardForm writable={mayChange} />
    </SimpleForm>
  );
}

export function WizardEdit() {
  const { ready } = useAbilityState();
  const text = useText();
  const feedback = useSaveFeedback(wizard, 'updated');
  usePageTitle(text('edit_title'));
  if (!ready) return null;
  return (
    <Edit resource="wizard" title={text('edit_title')} mutationMode="pessimistic" transform={writable} mutationOptions={feedback} redirect={LIST}>
      <EditForm />
    </Edit>
  );
}
