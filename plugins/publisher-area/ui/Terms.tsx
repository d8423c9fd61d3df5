/** A campaign's commission terms in words: per click, per order (percent or fixed), and its validation window. */
import { Stack, Typography } from '@mui/material';
import type { Terms as CommissionTerms } from './api.ts';
import { useFormat, useText } from './useText.ts';

export function useTermLines() {
  const text = useText();
  const format = useFormat();
  return (terms: CommissionTerms): string[] => {
    const lines: string[] = [];
    if (terms.cpc !== null) lines.push(text('terms.cpc', { amount: format.money(terms.cpc) }));
    if (terms.cpoPercent !== null) lines.push(text('terms.cpo_percent', { percent: format.count(terms.cpoPercent) }));
    if (terms.cpoFixed !== null) lines.push(text('terms.cpo_fixed', { amount: format.money(terms.cpoFixed) }));
    if (!lines.length) lines.push(text('terms.none'));
    if (terms.validationDays !== null) lines.push(text('terms.validation', { smart_count: terms.validationDays }));
    return lines;
  };
}

export function Terms({ terms }: { terms: CommissionTerms }) {
  const lines = useTermLines()(terms);
  return (
    <Stack data-testid="terms">
      {lines.map((line) => <Typography key={line} variant="body2">{line}</Typography>)}
    </Stack>
  );
}
