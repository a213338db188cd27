import ConstructionIcon from '@mui/icons-material/Construction';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import { StatusScreen } from './status-screen.tsx';

/** An admin route whose screen has not landed yet: its title and a clear 'in preparation' state. */
export function InPreparationScreen({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <StatusScreen
        title={t(titleKey)}
        text={t('placeholder.inPreparationText')}
        icon={<ConstructionIcon fontSize="large" />}
      />
      <Chip
        label={t('placeholder.inPreparation')}
        color="warning"
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
