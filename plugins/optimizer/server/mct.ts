/**
 * The MCT calculator (SPEC sections 3, 4, 5, 8). The MCT is the optimizer's knob on how much of a shop's sales
 * the campaign goes after: AdSuite's share of the shop's sales grows with it. Given the shop's sales and
 * AdSuite's sales over a period, the current MCT and the optimizer's market share target (MS, percent):
 *
 *   share   = salesSuite / salesShop x 100
 *   ideal   = mct x MS / share               the MCT at which the share would meet the target
 *   new MCT = mct + (ideal - mct) / step     step 10 (extreme fine) moves a tenth of the way, 1 (not fine) all of it
 *   sales   = salesSuite x new MCT / mct     AdSuite's sales the new MCT aims at over such a period
 *
 * The answer carries `mct` and `sales`; without AdSuite sales or a target nothing can be said and the call fails
 * with 'An error occurred while calculating the MCT.' (SPEC section 8) and the reason at its field.
 */
import { Invalid, invalidFields, text, type FieldError } from '@adsuite/backend/kit';

export const STEPS = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const;
export const DEFAULT_STEP = 5;

export interface MctRequest {
  campaignId: string;
  salesShop: number;
  salesSuite: number;
  mct: number;
  start: string;
  end: string;
  step: number;
}

export interface MctResult {
  mct: number;
  sales: number;
  /** AdSuite's share of the shop's sales now, and the target, percent. */
  share: number;
  target: number;
}

const LABELS = {
  campaignId: { de: 'Kampagne', en: 'Campaign' },
  salesShop: { de: 'Verkäufe Shop', en: 'Sales shop' },
  salesSuite: { de: 'Verkäufe AdSuite', en: 'Sales AdSuite' },
  mct: { de: 'Aktueller MCT', en: 'Current MCT' },
  start: { de: 'Start', en: 'Start' },
  end: { de: 'Ende', en: 'End' },
} as const;

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const numeric = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);

/** The request checked: every field wrong is named (400), nothing is computed from a half-valid request. */
export function mctRequest(body: unknown): MctRequest {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const required = (field: keyof typeof LABELS) => errors.push({ field, message: text('staff.mct.required', { name: LABELS[field] }) });
  const campaignId = typeof input.campaignId === 'string' && /^[0-9a-f-]{36}$/i.test(input.campaignId) ? input.campaignId : '';
  if (!campaignId) required('campaignId');
  const whole = (field: 'salesShop' | 'salesSuite', min: number) => {
    if (input[field] === undefined || input[field] === null || input[field] === '') return required(field), 0;
    const value = numeric(input[field]);
    if (!Number.isInteger(value) || value < min || value > 1e12) errors.push({ field, message: text('staff.mct.whole', { name: LABELS[field], min }) });
    return value;
  };
  const salesShop = whole('salesShop', 1);
  const salesSuite = whole('salesSuite', 0);
  let mct = 0;
  if (input.mct === undefined || input.mct === null || input.mct === '') required('mct');
  else {
    mct = numeric(input.mct);
    if (!Number.isFinite(mct) || mct <= 0 || mct > 1e9) errors.push({ field: 'mct', message: text('staff.mct.positive', { name: LABELS.mct }) });
  }
  const day = (field: 'start' | 'end') => {
    if (input[field] === undefined || input[field] === null || input[field] === '') return required(field), '';
    if (!isDay(input[field])) errors.push({ field, message: text('staff.range.bad_date', { name: field }) });
    return String(input[field]);
  };
  const start = day('start');
  const end = day('end');
  if (isDay(start) && isDay(end) && end < start) errors.push({ field: 'end', message: text('staff.range.end_before_start') });
  const step = input.step === undefined || input.step === null || input.step === '' ? DEFAULT_STEP : numeric(input.step);
  if (!STEPS.includes(step as (typeof STEPS)[number])) errors.push({ field: 'step', message: text('staff.mct.step') });
  if (!errors.some((e) => e.field === 'salesShop' || e.field === 'salesSuite') && salesSuite > salesShop) {
    errors.push({ field: 'salesSuite', message: text('staff.mct.more_than_shop') });
  }
  if (errors.length) throw invalidFields(errors);
  return { campaignId, salesShop, salesSuite, mct, start, end, step };
}

/** The calculation above; `target` is the optimizer's MS (percent). */
export function calculateMct(request: MctRequest, target: number | null): MctResult {
  const failed = (field: string, key: string) => new Invalid(text('staff.mct.failed'), [{ field, message: text(key) }]);
  if (!target || target <= 0) throw failed('campaignId', 'staff.mct.no_target');
  if (request.salesSuite <= 0) throw failed('salesSuite', 'staff.mct.no_sales');
  const share = (request.salesSuite / request.salesShop) * 100;
  const ideal = (request.mct * target) / share;
  const mct = Math.round((request.mct + (ideal - request.mct) / request.step) * 100) / 100;
  if (!Number.isFinite(mct) || mct <= 0) throw failed('mct', 'staff.mct.failed');
  return { mct, sales: Math.round((request.salesSuite * mct) / request.mct), share: Math.round(share * 10) / 10, target };
}
