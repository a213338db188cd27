import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LANGUAGES, type Language } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n.ts';

/** ME / EN switch; the choice is remembered in this browser. */
export function LanguageSwitch({ color = 'standard' }: { color?: 'standard' | 'inherit' }) {
  const { t, i18n } = useTranslation();
  const language = LANGUAGES.includes(i18n.language as Language)
    ? (i18n.language as Language)
    : currentLanguage();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={language}
      aria-label={t('common.language')}
      onChange={(_, next: Language | null) => {
        if (next) void changeLanguage(next);
      }}
      sx={
        color === 'inherit'
          ? {
              '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255, 255, 255, 0.5)' },
              // The chosen language: the bar's colours swapped, far above 4.5:1 in both themes.
              '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
                color: (theme) =>
                  theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.primary.dark,
                backgroundColor: 'common.white',
                fontWeight: 700,
              },
            }
          : undefined
      }
    >
      {LANGUAGES.map((code) => (
        <ToggleButton
          key={code}
          value={code}
          // The name starts with the visible code ('EN – English'), so voice control can say what it sees.
          aria-label={`${code.toUpperCase()} – ${t(`common.languages.${code}`)}`}
          lang={code === 'me' ? 'sr-Latn-ME' : 'en'}
        >
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
