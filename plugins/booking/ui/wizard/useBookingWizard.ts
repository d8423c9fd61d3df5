/**
 * The wizard's state: the draft and the step (kept in the browser on every change), the server's errors of
 * the last "Next" or save, the costs of the last validation, and for an existing booking whether it may
 * still be edited (SPEC section 4: not when completed, interrupted or canceled; the start stays once running).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocaleState, useNotify } from 'react-admin';
import { validateBooking, type BookingCosts, type BookingDraft as SentDraft, type BookingStatus, type BookingStep } from '@adsuite/config/booking/index';
import { bookingRuleWords } from '@adsuite/config/i18n/bookingRuleText';
import { isLiveBooking } from '@adsuite/config/approvals';
import { session, useCan } from '@adsuite/admin/kit';
import { draftFromBooking, editState, emptyDraft, requestBody, type BookingDraft } from './draft.ts';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draftStorage.ts';
import { loadBooking, saveBooking, validateStep, wizardErrorOf, type WizardError } from './wizardApi.ts';

export const STEP_COUNT = 4;

/** Which step asks for a field (the first part of the server's field name). */
const FIELD_STEP: Record<string, number> = Object.fromEntries([
  ...['name', 'goal', 'goalValue', 'budget', 'dailyBudget', 'continously', 'start', 'end', 'channels', 'splitBudget', 'allocation', 'pacing',
    'specialCategory', 'callToAction', 'bookingtemplate'].map((field) => [field, 0]),
  ...['target', 'gender', 'age', 'income', 'markers', 'countries', 'domains', 'blacklist', 'cdpSegments', 'categories', 'retargeting']
    .map((field) => [field, 1]),
  ...['creatives', 'creativeService'].map((field) => [field, 2]),
]);

export const stepOfField = (field: string): number | undefined => FIELD_STEP[field.split('.')[0]];

export type Busy = 'validating' | 'saving' | null;
export type Patch = Partial<BookingDraft> | ((draft: BookingDraft) => Partial<BookingDraft>);

const storage = () => globalThis.localStorage as Storage | undefined;

/**
 * config/booking's rules of steps 1..step, in the words the server would answer them (money and days the
 * language's way): the wizard's fallback when the server cannot be asked (the server's answer decides whenever
 * there is one).
 */
export function clientCheck(draft: BookingDraft, step: number, language: 'de' | 'en', before?: { status: unknown; start: unknown } | null): WizardError | null {
  const found = validateBooking(requestBody(draft) as SentDraft, { step: Math.min(4, Math.max(1, step)) as BookingStep, before });
  if (!found.length) return null;
  const fields: Record<string, string> = {};
  for (const error of found) fields[error.field] ??= bookingRuleWords(error.key, error.values, language);
  return { message: Object.values(fields)[0], fields };
}

export function useBookingWizard(bookingId?: string) {
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useCan();
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'de';
  const key = useMemo(() => draftKey(session.selectedAdvertiser(), bookingId), [bookingId]);
  const [loaded, setLoaded] = useState(false);
  const [loadFailure, setLoadFailure] = useState<Error | null>(null);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [savedStart, setSavedStart] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<BookingDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [costs, setCosts] = useState<BookingCosts | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const submitted = useRef(false);
  /** Whether the message at the top speaks for field errors (then it follows them) or stands alone (no answer, a fault). */
  const messageOfFields = useRef(false);

  useEffect(() => {
    let current = true;
    const kept = loadDraft(storage(), key);
    const restore = (fallback: BookingDraft) => {
      setDraft(kept?.draft ?? fallback);
      setStep(kept?.step ?? 0);
      setRestoredAt(kept?.savedAt ?? null);
      setLoaded(true);
    };
    if (!bookingId) restore(emptyDraft());
    else {
      loadBooking(bookingId).then((record) => {
        if (!current) return;
        setStatus((record.status as BookingStatus) ?? null);
        setSavedStart(typeof record.start === 'string' ? record.start.slice(0, 10) : null);
        restore(draftFromBooking(record));
      }, (error: Error) => current && setLoadFailure(error));
    }
    return () => {
      current = false;
    };
  }, [bookingId, key]);

  const { locked, startLocked } = editState({ status, start: savedStart });
  const readOnly = locked || (bookingId ? !can('update', 'booking') : !can('create', 'booking'));

  useEffect(() => {
    if (loaded && !readOnly && !submitted.current) saveDraft(storage(), key, step, draft);
  }, [loaded, readOnly, key, step, draft]);

  // A field error goes when its field changes; the message at the top names what is still wrong, and goes with the last.
  useEffect(() => {
    if (!messageOfFields.current) return;
    const left = Object.values(errors);
    setMessage((shown) => (left.length === 0 ? '' : left.includes(shown) ? shown : left[0]));
    if (!left.length) messageOfFields.current = false;
  }, [errors]);

  const change = useCallback((patch: Patch) => {
    setDraft((previous) => {
      const changes = typeof patch === 'function' ? patch(previous) : patch;
      const touched = Object.keys(changes);
      setErrors((shown) => Object.fromEntries(Object.entries(shown).filter(([field]) => !touched.includes(field.split('.')[0]))));
      return { ...previous, ...changes };
    });
  }, []);

  /**
   * Shows an error answer; field errors of an earlier step lead back to that step. Without an answer (no
   * network, a server fault) the shared rules say what they find, else the error's own message shows.
   */
  const showError = useCallback((error: unknown, atStep: number) => {
    const answered = (error as { status?: number })?.status === 400;
    const before = status ? { status, start: savedStart } : null;
    const { message: text, fields } = (!answered && clientCheck(draft, atStep + 1, language, before)) || wizardErrorOf(error);
    messageOfFields.current = Object.keys(fields).length > 0;
    setErrors(fields);
    setMessage(text);
    const steps = Object.keys(fields).map(stepOfField).filter((value): value is number => value !== undefined);
    if (steps.length) setStep(Math.min(atStep, ...steps));
  }, [draft, language, savedStart, status]);

  const next = useCallback(async () => {
    setBusy('validating');
    setMessage('');
    try {
      const answer = await validateStep(step + 1, draft, bookingId);
      if (answer) setCosts(answer);
      setErrors({});
      setRestoredAt(null);
      setStep(step + 1);
    } catch (error) {
      showError(error, step);
    } finally {
      setBusy(null);
    }
  }, [bookingId, draft, showError, step]);

  const back = useCallback(() => {
    setMessage('');
    setErrors({});
    setStep((current) => Math.max(0, current - 1));
  }, []);

  const submit = useCallback(async () => {
    setBusy('saving');
    setMessage('');
    try {
      const saved = await saveBooking(draft, bookingId);
      submitted.current = true;
      clearDraft(storage(), key);
      // A live booking's new creatives are served once staff approved them (creative approval).
      const awaitsReview = isLiveBooking(saved?.status) && (draft.creatives ?? []).some((creative) => !creative.id);
      notify(awaitsReview ? 'app.booking_wizard.saved_for_review' : 'app.booking_wizard.saved', { type: 'success' });
      navigate('/bookings');
    } catch (error) {
      showError(error, STEP_COUNT - 1);
    } finally {
      setBusy(null);
    }
  }, [bookingId, draft, key, navigate, notify, showError]);

  /** Forgets the kept draft and starts over (a new booking) or from the saved booking. */
  const discard = useCallback(() => {
    clearDraft(storage(), key);
    setRestoredAt(null);
    setErrors({});
    setMessage('');
    setStep(0);
    if (!bookingId) setDraft(emptyDraft());
    else loadBooking(bookingId).then((record) => setDraft(draftFromBooking(record)), () => undefined);
  }, [bookingId, key]);

  const loadError = loadFailure ? loadFailure.message || 'app.booking_wizard.load_failed' : '';
  return {
    bookingId, loaded, loadError, loadFailure, restoredAt, status, locked, readOnly, startLocked,
    step, setStep, draft, change, errors, message, costs, busy, next, back, submit, discard,
  };
}

export type BookingWizardState = ReturnType<typeof useBookingWizard>;
