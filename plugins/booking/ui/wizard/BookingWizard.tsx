/**
 * The booking wizard at /booking/create and /booking/update/:id (SPEC sections 1 and 2): four steps, each
 * "Next" checked by the server (POST /api/booking/validate?step=n) with its errors at the fields, the draft
 * kept across reloads, and the booking saved from the review.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Step, StepButton, Stepper, Typography,
} from '@mui/material';
import { Link, useParams } from 'react-router';
import { Title, useTranslate } from 'react-admin';
import { useRecordRefusal } from '@adsuite/admin/kit';
import { M } from './fields.tsx';
import { StepCreatives } from './StepCreatives.tsx';
import { StepGeneral } from './StepGeneral.tsx';
import { StepReview } from './StepReview.tsx';
import { StepTarget } from './StepTarget.tsx';
import { STEP_COUNT, useBookingWizard, type BookingWizardState } from './useBookingWizard.ts';

const STEPS = ['general', 'target', 'creatives', 'review'] as const;

const when = (savedAt: string) => {
  const date = new Date(savedAt);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' });
};

function Notices({ wizard }: { wizard: BookingWizardState }) {
  const translate = useTranslate();
  const { locked, readOnly, status, restoredAt, discard, message, errors } = wizard;
  const labelled = status ? translate(`resources.booking.values.status.${status}`, { _: status }) : '';
  return (
    <>
      {locked && <Alert severity="info" data-testid="read-only">{translate(M('locked'), { status: labelled })}</Alert>}
      {!locked && readOnly && <Alert severity="info" data-testid="read-only">{translate(M('read_only'))}</Alert>}
      {restoredAt && !readOnly && (
        <Alert severity="info" data-testid="draft-restored" action={<Button color="inherit" size="small" onClick={discard}>{translate(M('discard'))}</Button>}>
          {translate(M('restored'), { when: when(restoredAt) })}
        </Alert>
      )}
      {message && (
        <Alert severity="error" data-testid="wizard-error">
          {message}
          {Object.keys(errors).length > 1 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {[...new Set(Object.values(errors))].filter((text) => text !== message).map((text) => <li key={text}>{text}</li>)}
            </Box>
          )}
        </Alert>
      )}
    </>
  );
}

function CurrentStep({ wizard }: { wizard: BookingWizardState }) {
  const { step, draft, change, errors, readOnly, startLocked, costs, setStep } = wizard;
  const props = { draft, change, errors, readOnly };
  if (step === 0) return <StepGeneral {...props} startLocked={startLocked} />;
  if (step === 1) return <StepTarget {...props} />;
  if (step === 2) return <StepCreatives {...props} />;
  return <StepReview draft={draft} costs={costs} onEdit={readOnly ? undefined : setStep} />;
}

function Actions({ wizard }: { wizard: BookingWizardState }) {
  const translate = useTranslate();
  const { step, back, next, submit, busy, readOnly, bookingId } = wizard;
  const last = step === STEP_COUNT - 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Button startIcon={<ArrowBackIcon />} disabled={step === 0 || busy !== null} onClick={back}>{translate('ra.action.back')}</Button>
      <Box sx={{ flex: 1 }} />
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>{translate(M('step_of'), { step: step + 1, count: STEP_COUNT })}</Typography>
      {!last && (
        <Button variant="contained" name="next" endIcon={busy === 'validating' ? <CircularProgress size={16} color="inherit" /> : <ArrowForwardIcon />}
          disabled={busy !== null} onClick={readOnly ? () => wizard.setStep(step + 1) : next}>
          {translate(M('next'))}
        </Button>
      )}
      {last && !readOnly && (
        <Button variant="contained" color="primary" name="submit" endIcon={busy === 'saving' ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          disabled={busy !== null} onClick={submit}>
          {translate(M(bookingId ? 'save' : 'book'))}
        </Button>
      )}
    </Box>
  );
}

export function BookingWizard() {
  const translate = useTranslate();
  const { id } = useParams();
  const wizard = useBookingWizard(id);
  const title = translate(M(id ? 'title_update' : 'title_create'));
  // A booking of another of the user's advertisers opens once the selection followed it; one out of reach is the 403 page.
  const refusal = useRecordRefusal(wizard.loadFailure);

  if (refusal) return <Box sx={{ mt: 2 }}><Title title={title} /><LinearProgress /></Box>;
  if (wizard.loadError) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={title} />
        <Alert severity="error" action={<Button component={Link} to="/bookings" color="inherit" size="small">{translate(M('to_bookings'))}</Button>}>
          {translate(wizard.loadError, { _: wizard.loadError })}
        </Alert>
      </Box>
    );
  }
  if (!wizard.loaded) return <Box sx={{ mt: 2 }}><Title title={title} /><LinearProgress /></Box>;

  return (
    <Box sx={{ mt: 2, mb: 4, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="booking-wizard">
      <Title title={title} />
      <Card>
        <CardContent sx={{ pb: '16px !important' }}>
          <Typography variant="h5" component="h1">{id && wizard.draft.name ? `${title}: ${wizard.draft.name}` : title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>{translate(M('intro'))}</Typography>
          <Stepper nonLinear={wizard.readOnly} activeStep={wizard.step} alternativeLabel>
            {STEPS.map((name, index) => (
              <Step key={name} completed={index < wizard.step}>
                <StepButton disabled={!wizard.readOnly && index > wizard.step} onClick={() => wizard.setStep(index)}>
                  {translate(M(`steps.${name}`))}
                </StepButton>
              </Step>
            ))}
          </Stepper>
        </CardContent>
      </Card>
      <Notices wizard={wizard} />
      <Card>
        {wizard.busy && <LinearProgress data-testid="wizard-busy" />}
        <CardContent sx={{ p: 3 }}>
          <CurrentStep wizard={wizard} />
        </CardContent>
        <Actions wizard={wizard} />
      </Card>
    </Box>
  );
}
