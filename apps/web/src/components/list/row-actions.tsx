import DeactivateIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { RowActionHandlers } from './list-layout.ts';
import type { RowBase } from './resource-types.ts';

/**
 * Per-row actions: the resource's own (credits, history …), then edit and deactivate-or-restore
 * (nothing is deleted: DESIGN.md section 3). Icon buttons in a table row, buttons with their words
 * on a phone's card.
 */
export function RowActions<Row extends RowBase>({
  row,
  canEdit,
  canDelete,
  onEdit,
  onToggleActive,
  actions,
  onAction,
  variant = 'icons',
}: RowActionHandlers<Row> & { row: Row; variant?: 'icons' | 'buttons' }) {
  const { t } = useTranslation();
  const isActive = row.is_active !== false;
  const toggleLabel = isActive ? t('list.deactivate') : t('list.restore');
  const toggleIcon = isActive ? <DeactivateIcon fontSize="small" /> : <RestoreIcon fontSize="small" />;
  const toggleColor = isActive ? 'error' : 'success';
  const own = actions.filter((action) => action.isShown?.(row) ?? true);

  if (variant === 'buttons') {
    return (
      <>
        {own.map((action) => (
          <Button
            key={action.key}
            size="small"
            startIcon={action.icon}
            onClick={() => onAction(row, action.key)}
          >
            {t(action.labelKey)}
          </Button>
        ))}
        {canEdit && (
          <Button size="small" startIcon={<EditIcon fontSize="small" />} onClick={() => onEdit(row)}>
            {t('list.edit')}
          </Button>
        )}
        {canDelete && (
          <Button size="small" color={toggleColor} startIcon={toggleIcon} onClick={() => onToggleActive(row)}>
            {toggleLabel}
          </Button>
        )}
      </>
    );
  }
  return (
    <>
      {own.map((action) => (
        <Tooltip key={action.key} title={t(action.labelKey)}>
          <IconButton size="small" aria-label={t(action.labelKey)} onClick={() => onAction(row, action.key)}>
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
      {canEdit && (
        <Tooltip title={t('list.edit')}>
          <IconButton size="small" aria-label={t('list.edit')} onClick={() => onEdit(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={toggleLabel}>
          <IconButton
            size="small"
            aria-label={toggleLabel}
            color={toggleColor}
            onClick={() => onToggleActive(row)}
          >
            {toggleIcon}
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
