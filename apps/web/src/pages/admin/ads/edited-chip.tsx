import EditNoteIcon from '@mui/icons-material/EditNote';
import Chip from '@mui/material/Chip';
import { type AdRow, formatDateTime } from '@usluge/contract';
import { useTranslation } from 'react-i18next';

/**
 * "Izmijenjen" on an ad its poster changed after a moderator's decision (`edited_at`, gone once it
 * is approved again): when, on hover, or in the label itself with `isTimeShown` (review mode's
 * header, where there is room and no hover on a phone). Text in the body colour, the border and
 * icon in the secondary colour: orange text on a chip would not reach AA contrast.
 */
export function EditedChip({
  editedAt,
  isTimeShown = false,
}: {
  editedAt: AdRow['edited_at'];
  isTimeShown?: boolean;
}) {
  const { t } = useTranslation();
  if (editedAt === null || editedAt === undefined) return null;
  const date = new Date(String(editedAt));
  if (Number.isNaN(date.getTime())) return null;
  const time = formatDateTime(date);
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<EditNoteIcon color="secondary" />}
      label={isTimeShown ? t('ads.edited.labelAt', { time }) : t('ads.edited.label')}
      title={t('ads.edited.title', { time })}
      sx={{ borderColor: 'secondary.main' }}
    />
  );
}
