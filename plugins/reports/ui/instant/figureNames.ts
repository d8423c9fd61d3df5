/**
 * What the money figure of a report is called: the advertiser's cost in the Instant Report; in the publisher's view
 * of a campaign (/p/campaign/stats/:id) the money its traffic brings it, its earnings (Provision): a publisher pays
 * nothing. The screen says which (`MoneyFigure`); the totals and tables name their columns through `useFigureName`.
 */
import { createContext, useContext } from 'react';
import { useReportText } from './useReportText.ts';

export const MoneyFigure = createContext<'cost' | 'earnings'>('cost');

/** The name of a figure (`impressions`, `cost`, ...) as this screen shows it. */
export function useFigureName() {
  const text = useReportText();
  const money = useContext(MoneyFigure);
  return (key: string) => text(`figures.${key === 'cost' ? money : key}`);
}
