/**
 * What plugin screens (`plugins/<name>/ui`) may use of the admin, imported as `@adsuite/admin/kit`.
 * Plugins use nothing else of the admin, so the admin's inside can change without touching them.
 */
export type { EarlyStart, MenuEntry, MenuSection, PluginRoute, PluginUi } from './plugins/types.ts';
export { BookingStatusWidgets, type BookingStatusWidget, type BookingSummary } from './plugins/bookingStatus.tsx';
export { Can, useAbilityState, useCan } from './abilities/AbilityProvider.tsx';
export type { Identity } from './auth/authProvider.ts';
export { API, apiDownload, apiFetch, saveFile, type CurrentUser } from './api/http.ts';
export { session } from './session.ts';
export { pathTo } from './resources/routes.ts';
export { ResourceScreen } from './resources/ResourceScreen.tsx';
export { DeclaredInput } from './resources/ResourceForm.tsx';
export { ArchiveButton } from './resources/ArchiveButton.tsx';
export { useSaveFeedback } from './resources/useSaveFeedback.ts';
export { ShowArchivedToggle } from './resources/ShowArchivedToggle.tsx';
export { formatDay, maskDay, parseDay } from './resources/format.ts';
export { DayField, type DayFieldProps } from './resources/DayField.tsx';
export { useValueLabel } from './resources/useValueLabel.ts';
export type { FieldInputProps } from './resources/fieldInputs.ts';
export { containerScript } from './layout/visibility.ts';
export { CopyButton } from './screens/CopyButton.tsx';
export { PlannedScreen, type ScreenLink } from './screens/PlannedScreen.tsx';
export { DayRangePicker, type DayRangePickerProps } from './screens/DayRangePicker.tsx';
export { daysBack, daysIn, earliestDay, lastDays, RANGE_SHORTCUTS, today, type DayRange, type RangeShortcut } from './screens/dayRange.ts';
export { usePageTitle } from './layout/usePageTitle.ts';
export { ContainerCodeDialog } from './layout/ContainerCodeButton.tsx';
export { useMayOpen } from './routes/useRouteAccess.ts';
export { useRecordRefusal, type RecordRefusal } from './routes/useRecordRefusal.ts';
export { onDemand } from './routes/onDemand.ts';
export { messageProblems, usePluginText, type PluginMessages } from './i18n/pluginText.ts';
