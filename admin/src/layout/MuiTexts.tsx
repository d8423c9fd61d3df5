/**
 * MUI's components in the reader's language: a table's paging ('1-10 von 448', 'Gehe zur nächsten Seite'), a
 * pagination's buttons, an autocomplete's buttons and empty list, an alert's close button and a folded path say
 * what the catalogue says (react-admin's `ra.*` texts and `app.mui.*`), not MUI's English defaults, on every
 * screen, the plugins' included. Props a screen gives a component still win over these defaults.
 */
import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

type PageButton = 'first' | 'last' | 'next' | 'previous' | 'page' | 'start-ellipsis' | 'end-ellipsis';

export function MuiTexts({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useMemo(() => {
    const button = (type: PageButton, page?: number | null, selected?: boolean) => {
      if (type === 'page') return translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page });
      return type === 'first' || type === 'last' || type === 'next' || type === 'previous' ? translate(`ra.navigation.${type}`) : '';
    };
    const rows = ({ from, to, count }: { from: number; to: number; count: number }) => (count === -1
      ? translate('ra.navigation.partial_page_range_info', { offsetBegin: from, offsetEnd: to })
      : translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count }));
    return (outer: Theme) => createTheme(outer, {
      components: {
        MuiTablePagination: { defaultProps: { labelRowsPerPage: translate('ra.navigation.page_rows_per_page'), labelDisplayedRows: rows, getItemAriaLabel: button } },
        MuiPagination: { defaultProps: { getItemAriaLabel: button } },
        MuiAutocomplete: {
          defaultProps: {
            clearText: translate('ra.action.clear_input_value'), closeText: translate('ra.action.close'), openText: translate('ra.action.open'),
            noOptionsText: translate('app.mui.no_options'), loadingText: translate('app.mui.loading'),
          },
        },
        MuiAlert: { defaultProps: { closeText: translate('ra.action.close') } },
        MuiBreadcrumbs: { defaultProps: { expandText: translate('app.mui.show_path') } },
      },
    });
    // The texts change with the language; `translate` may keep its identity across a switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [translate, locale]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
