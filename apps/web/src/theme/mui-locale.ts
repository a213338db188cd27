import { enUS as coreEnglish } from '@mui/material/locale';
import { enUS as chartsEnglish } from '@mui/x-charts/locales';
import { hrHR as pickersCroatian, enUS as pickersEnglish } from '@mui/x-date-pickers/locales';
import type { Language } from '@usluge/contract';

/**
 * MUI's own texts (an Autocomplete's 'Open', 'Close', 'No options', an Alert's 'Close', the
 * pagination's labels, the time pickers' and the chart's) in the interface language, given to the
 * theme (mui-theme.ts). MUI has no Montenegrin: its Serbian (srRS) is ekavian, so the Montenegrin
 * texts are written here once; the time pickers take the Croatian texts, the closest MUI has, with
 * our placeholders (the shift rules say 'SS:MM').
 */
const pageLabel = (type: string) =>
  ({
    first: 'Idi na prvu stranicu',
    last: 'Idi na posljednju stranicu',
    next: 'Idi na sljedeću stranicu',
    previous: 'Idi na prethodnu stranicu',
  })[type] ?? '';

const coreMontenegrin = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Prikaži putanju' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: pageLabel,
        labelRowsPerPage: 'Redova po stranici:',
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `${from}–${to} od ${count === -1 ? `više od ${to}` : count}`,
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Obriši',
        closeText: 'Zatvori',
        loadingText: 'Učitavanje…',
        noOptionsText: 'Nema opcija',
        openText: 'Otvori',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Zatvori' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Navigacija po stranicama',
        getItemAriaLabel: (type: string, page: number | null, isSelected: boolean) =>
          type === 'page' ? `${isSelected ? '' : 'Idi na '}stranicu ${page}` : pageLabel(type),
      },
    },
  },
};

const pickersMontenegrin = {
  components: {
    MuiLocalizationProvider: {
      defaultProps: {
        localeText: {
          ...pickersCroatian.components.MuiLocalizationProvider.defaultProps.localeText,
          fieldHoursPlaceholder: () => 'SS',
          fieldMinutesPlaceholder: () => 'MM',
        },
      },
    },
  },
};

const chartsMontenegrin = {
  components: {
    MuiChartsLocalizationProvider: {
      defaultProps: { localeText: { loading: 'Učitavanje podataka…', noData: 'Nema podataka za prikaz' } },
    },
  },
};

/** The locale objects `createTheme` merges after the theme's own options, for this language. */
export function muiLocalesOf(language: Language): readonly object[] {
  return language === 'en'
    ? [coreEnglish, pickersEnglish, chartsEnglish]
    : [coreMontenegrin, pickersMontenegrin, chartsMontenegrin];
}
