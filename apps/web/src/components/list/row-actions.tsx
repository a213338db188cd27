import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { RowBase } from './resource-types.ts';

/** Per-row edit and delete-or-restore buttons. */
export function RowActions<Row extends RowBase>({
  row,
  canEdit,
  canDelete,
  onEdit,
  onToggleActive,
}: {
  row: Row;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
}) {
  const { t } = useTranslation();
  const isActive = row.is_active !== false;
  return (
    <>
      {canEdit && (
        <Tooltip title={t('list.edit')}>
          <IconButton size="small" aria-label={t('list.edit')} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={isActive ? t('list.delete') : t('list.restore')}>
          <IconButton
            size="small"
            aria-label={isActive ? t('list.delete') : t('list.restore')}
            color={isActive ? 'error' : 'success'}
            onClick={onToggleActive}
          >
            {isActive ? <DeleteIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
