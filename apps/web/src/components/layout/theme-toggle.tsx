import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { toggleThemeMode, useThemeMode } from '../../theme/theme-mode.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'dark' ? t('common.switchToLight') : t('common.switchToDark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={toggleThemeMode}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
