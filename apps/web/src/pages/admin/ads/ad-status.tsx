import Chip from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import type { AdStatus } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { useSeededName } from '../../../i18n/seeded-names.ts';

/** The status' name as the interface language says it. */
export function useStatusName(): (status: Pick<AdStatus, 'id' | 'name'>) => string {
  return useSeededName('ad_statuses');
}

/** Black or white text, whichever reads better on the status' colour (amber takes black). */
function textColorOn(background: string): string {
  try {
    return getContrastRatio(background, '#000') >= getContrastRatio(background, '#fff') ? '#000' : '#fff';
  } catch {
    return '#000';
  }
}

/**
 * The status as a chip in its colour. With `onClick` it is a button opening the status dialog,
 * named for what it does ('Promijeni status: Čeka odobrenje').
 */
export function AdStatusChip({ status, onClick }: { status: AdStatus; onClick?: () => void }) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const name = statusName(status);
  const color = textColorOn(status.background_color);
  return (
    <Chip
      size="small"
      label={name}
      onClick={onClick}
      aria-label={onClick ? t('ads.changeStatusOf', { status: name }) : undefined}
      sx={{
        bgcolor: status.background_color,
        color,
        fontWeight: 500,
        // The hover and focus shades MUI derives for its own colours, for a colour of the server's.
        '&.MuiChip-clickable:hover, &.Mui-focusVisible': {
          bgcolor: status.background_color,
          filter: 'brightness(0.9)',
        },
      }}
    />
  );
}
