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
              '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
                color: 'inherit',
                backgroundColor: 'rgba(255, 255, 255, 0.22)',
              },
            }
          : undefined
      }
    >
      {LANGUAGES.map((code) => (
        <ToggleButton
          key={code}
          value={code}
          aria-label={t(`common.languages.${code}`)}
          lang={code === 'me' ? 'sr-Latn-ME' : 'en'}
        >
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
