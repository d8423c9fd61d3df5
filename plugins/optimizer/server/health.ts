/**
 * The optimizer's judgement of one campaign over a period: its hints (SPEC section 8 "Optimizer hints", levels
 * danger, warning, info), its health (ERROR with a danger hint, WARNING with a warning, else OK) and the problems
 * list of the Problems View (SPEC section 5). Pure: the figures come from the rollups (figures.ts), the targets
 * from the optimizer record. Every threshold is SPEC section 5's where it names one; where it names none, the
 * constant below says what was chosen.
 *
 * Figures are those of the period's complete days (up to yesterday, within the campaign's run), so a morning's
 * few hours never read as an under-delivering day.
 */
import { text, type ServerText } from '@adsuite/backend/kit';

export type HintLevel = 'danger' | 'warning' | 'info';
export type Health = 'OK' | 'WARNING' | 'ERROR';

export const HINTS = [
  'top_products', 'top_referers', 'no_delivery', 'no_lineitem', 'no_budget', 'product_events', 'product_ids', 'catalog_ids', 'sale_pixel',
  'qty_increase', 'qty_decrease', 'ms_high', 'ctr_low', 'octr_key', 'remove_sticky', 'remove_blacklisting', 'reduce_strictness', 'remove_linux',
  'check_pixels', 'too_small',
] as const;
export type HintCode = (typeof HINTS)[number];

export const PROBLEMS = ['cr_high', 'network_cr_high', 'ms_high', 'sales_delta', 'days_without_sales', 'few_crrs', 'many_oprs'] as const;
export type ProblemCode = (typeof PROBLEMS)[number];

export interface Hint { level: HintLevel; code: HintCode; message: ServerText }
export interface Problem { code: ProblemCode; message: ServerText }

/** The optimizer record's targets and switches (money in cents). */
export interface Targets {
  ctr: number | null;
  crp: number | null;
  ms: number | null;
  rp: number | null;
  nth: number | null;
  blockerTime: number | null;
  promote: boolean;
  sticky: boolean;
  octrkey: string | null;
  uaNin: string[];
  totalDailyBudget: number | null;
  totalRangeBudget: number | null;
  /** The optimizer promotes catalog products (it names catalogs): top products matter. */
  usesCatalogs: boolean;
}

/** What the rollups say about the campaign over the complete days of the period (money in cents). */
export interface JudgedFigures {
  /** The campaign runs now (status active). */
  active: boolean;
  /** Complete days of the period within the campaign's run. */
  days: number;
  activeLineItems: number;
  /** The campaign's own daily budget and total budget (cents, 0 = none). */
  dailyBudget: number;
  budget: number;
  impressions: number;
  clicks: number;
  /** Post-click plus post-view conversions. */
  sales: number;
  /** What the ledger booked for the campaign. */
  costCents: number;
  /** The campaign's share of its network's sales, percent. */
  marketShare: number;
  networkClicks: number;
  networkSales: number;
  /** Sales of the period of equal length before. */
  previousSales: number;
  daysWithClicksNoSales: number;
  /** Complete days with delivery, and those with a CRR day. */
  deliveryDays: number;
  crrDays: number;
  topProducts: number;
  topReferers: number;
  /** The advertiser's onsite events, product events, those with a product id and those whose id is in its catalogs. */
  onsiteEvents: number;
  productEvents: number;
  productsWithId: number;
  productsInCatalog: number;
  hasCatalog: boolean;
  /** A blacklist (domain list) holds the campaign back. */
  blacklisted: boolean;
}

/** Top products or referers: below 5 danger, below 25 warning (SPEC section 5). */
export const TOP_DANGER = 5;
export const TOP_WARNING = 25;
/** Delivery against budget, percent: danger at 0, below 50 or above 150; warning below 80 or above 120 (SPEC section 5). */
export const PROGRESS = { dangerLow: 50, warningLow: 80, warningHigh: 120, dangerHigh: 150 } as const;
/** Product events per click, percent: below 80 danger, below 90 warning; product ids 80/90; ids in the catalog 60/80 (SPEC section 5). */
export const PRODUCT_EVENTS = { danger: 80, warning: 90 } as const;
export const PRODUCT_IDS = { danger: 80, warning: 90 } as const;
export const PRODUCTS_SUITED = { danger: 60, warning: 80 } as const;
/** Problems: a rate above 110 % of its target; a change of sales above 10 and above 10 % (SPEC section 5). */
export const ABOVE_TARGET = 1.1;
export const SALES_DELTA = { count: 10, percent: 10 } as const;
/** Chosen: a daily budget under 10 euro is a small campaign for the networks' learning phases. */
export const SMALL_DAILY_BUDGET = 1_000;

/** Percent with one decimal. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);
/** Conversions per 1,000 impressions, 2 decimals (OPR, as Expert Analytics). */
export const opr = (sales: number, impressions: number) => (impressions > 0 ? Math.round((sales * 100_000) / impressions) / 100 : 0);

/** The budget the period's complete days had: the optimizer's range budget, else its daily budget, else the campaign's. */
export function periodBudget(targets: Targets, figures: JudgedFigures): number {
  if (targets.totalRangeBudget && targets.totalRangeBudget > 0) return targets.totalRangeBudget;
  const daily = targets.totalDailyBudget && targets.totalDailyBudget > 0 ? targets.totalDailyBudget : figures.dailyBudget;
  return daily * figures.days;
}

/** The campaign's hints, most severe first. */
export function hintsOf(targets: Targets, figures: JudgedFigures): Hint[] {
  const hints: Hint[] = [];
  const add = (level: HintLevel, code: HintCode, params?: Parameters<typeof text>[1]) => hints.push({ level, code, message: text(`staff.hint.${code}`, params) });
  const judged = figures.days > 0;

  if (targets.usesCatalogs && figures.topProducts < TOP_WARNING) add(figures.topProducts < TOP_DANGER ? 'danger' : 'warning', 'top_products', { count: figures.topProducts });
  if (judged && figures.topReferers < TOP_WARNING) add(figures.topReferers < TOP_DANGER ? 'danger' : 'warning', 'top_referers', { count: figures.topReferers });
  if (figures.active && figures.activeLineItems === 0) add('danger', 'no_lineitem');
  const budgeted = figures.dailyBudget > 0 || figures.budget > 0 || (targets.totalDailyBudget ?? 0) > 0 || (targets.totalRangeBudget ?? 0) > 0;
  if (!budgeted) add('danger', 'no_budget');
  if (figures.active && judged && (figures.impressions === 0 || figures.clicks === 0)) add('danger', 'no_delivery');

  if (judged && figures.clicks > 0 && figures.onsiteEvents === 0) {
    add('danger', 'check_pixels');
  } else if (judged && figures.clicks > 0) {
    const events = Math.min(100, percent(figures.productEvents, figures.clicks));
    if (events < PRODUCT_EVENTS.warning) add(events < PRODUCT_EVENTS.danger ? 'danger' : 'warning', 'product_events', { percent: events });
  }
  if (judged && figures.productEvents > 0) {
    const withId = percent(figures.productsWithId, figures.productEvents);
    if (withId < PRODUCT_IDS.warning) add(withId < PRODUCT_IDS.danger ? 'danger' : 'warning', 'product_ids', { percent: withId });
  }
  if (judged && figures.hasCatalog && figures.productsWithId > 0) {
    const suited = percent(figures.productsInCatalog, figures.productsWithId);
    if (suited < PRODUCTS_SUITED.warning) add(suited < PRODUCTS_SUITED.danger ? 'danger' : 'warning', 'catalog_ids', { percent: suited });
  }
  if (judged && figures.clicks > 0 && figures.sales === 0) add('warning', 'sale_pixel', { smart_count: figures.daysWithClicksNoSales });

  const budget = periodBudget(targets, figures);
  let slow = false;
  if (figures.active && judged && budget > 0) {
    const progress = percent(figures.costCents, budget);
    if (progress < PROGRESS.warningLow) {
      slow = true;
      add(progress === 0 || progress < PROGRESS.dangerLow ? 'danger' : 'warning', 'qty_increase', { percent: progress });
    } else if (progress > PROGRESS.warningHigh) {
      add(progress > PROGRESS.dangerHigh ? 'danger' : 'warning', 'qty_decrease', { percent: progress });
    }
    if (slow && figures.blacklisted) add('info', 'remove_blacklisting', { percent: progress });
    if (slow && ((targets.nth ?? 0) > 1 || (targets.blockerTime ?? 0) > 0)) add('info', 'reduce_strictness', { nth: targets.nth ?? 0, minutes: targets.blockerTime ?? 0 });
    if (slow && targets.uaNin.some((agent) => /linux/i.test(agent))) add('info', 'remove_linux');
  }
  if (judged && targets.ms && targets.ms > 0 && figures.marketShare > targets.ms * ABOVE_TARGET) {
    add('warning', 'ms_high', { share: figures.marketShare, target: targets.ms });
  }
  if (judged && targets.ctr && targets.ctr > 0 && figures.impressions > 0) {
    const ctr = percent(figures.clicks, figures.impressions);
    if (ctr < targets.ctr) add('warning', 'ctr_low', { ctr, target: targets.ctr });
  }
  if (targets.promote && !targets.octrkey?.trim()) add('info', 'octr_key');
  const daily = (targets.totalDailyBudget ?? 0) > 0 ? targets.totalDailyBudget! : figures.dailyBudget;
  if (daily > 0 && daily < SMALL_DAILY_BUDGET) add('info', 'too_small', { budget: { money: daily } });
  if (targets.sticky && !hints.some((hint) => hint.level !== 'info')) add('info', 'remove_sticky');

  const rank: Record<HintLevel, number> = { danger: 0, warning: 1, info: 2 };
  return hints.sort((a, b) => rank[a.level] - rank[b.level]);
}

export function healthOf(hints: readonly Hint[]): Health {
  if (hints.some((hint) => hint.level === 'danger')) return 'ERROR';
  if (hints.some((hint) => hint.level === 'warning')) return 'WARNING';
  return 'OK';
}

/** The Problems View's list (SPEC section 5 "Problems view"). */
export function problemsOf(targets: Targets, figures: JudgedFigures): Problem[] {
  const problems: Problem[] = [];
  const add = (code: ProblemCode, params: Parameters<typeof text>[1]) => problems.push({ code, message: text(`staff.problem.${code}`, params) });
  if (figures.days === 0) return problems;
  const crp = targets.crp ?? 0;
  if (crp > 0 && figures.clicks > 0 && percent(figures.sales, figures.clicks) > crp * ABOVE_TARGET) add('cr_high', { value: percent(figures.sales, figures.clicks), target: crp });
  if (crp > 0 && figures.networkClicks > 0 && percent(figures.networkSales, figures.networkClicks) > crp * ABOVE_TARGET) {
    add('network_cr_high', { value: percent(figures.networkSales, figures.networkClicks), target: crp });
  }
  if ((targets.ms ?? 0) > 0 && figures.marketShare > targets.ms! * ABOVE_TARGET) add('ms_high', { value: figures.marketShare, target: targets.ms! });
  const delta = figures.sales - figures.previousSales;
  const deltaPercent = figures.previousSales > 0 ? percent(Math.abs(delta), figures.previousSales) : 100;
  if (Math.abs(delta) > SALES_DELTA.count && deltaPercent > SALES_DELTA.percent) {
    add('sales_delta', { delta: `${delta > 0 ? '+' : '−'}${Math.abs(delta)}`, percent: `${delta > 0 ? '+' : '−'}${deltaPercent}` });
  }
  if (figures.daysWithClicksNoSales > 0) add('days_without_sales', { smart_count: figures.daysWithClicksNoSales });
  if (figures.crrDays < figures.deliveryDays) add('few_crrs', { count: figures.crrDays, days: figures.deliveryDays });
  const rp = targets.rp ?? 0;
  if (rp > 0 && opr(figures.sales, figures.impressions) > rp * ABOVE_TARGET) add('many_oprs', { value: opr(figures.sales, figures.impressions), target: rp });
  return problems;
}

/** The optimizer icon (SPEC section 4): promote and sticky: pause (warning); promote: play; else stop. */
export function iconOf(targets: Pick<Targets, 'promote' | 'sticky'>): { icon: 'pause' | 'play' | 'stop'; level: 'warning' | 'success' | 'default' } {
  if (targets.promote && targets.sticky) return { icon: 'pause', level: 'warning' };
  if (targets.promote) return { icon: 'play', level: 'success' };
  return { icon: 'stop', level: 'default' };
}
