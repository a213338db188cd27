import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { renderCell } from './list-cells.tsx';
import type { ListLayoutProps } from './list-layout.ts';
import { nameOfRow, type RowBase } from './resource-types.ts';
import { RowActions } from './row-actions.tsx';

/**
 * The list on a phone (below md): one card per record, each column as 'label: value' and the
 * actions as buttons with their words, so nothing needs a wide table or sideways scrolling.
 */
export function ListCards<Row extends RowBase>({
  resource,
  title,
  rows,
  emptyText,
  rowActions,
  onOpenAction,
  selection,
}: ListLayoutProps<Row>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 1.5 }}>
      <Stack component="ul" aria-label={title} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Card key={row.id} component="li" variant="outlined">
            <CardContent sx={{ pb: rowActions || selection ? 0 : undefined }}>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(6rem, max-content) minmax(0, 1fr)',
                  columnGap: 2,
                  rowGap: 0.75,
                  alignItems: 'baseline',
                  m: 0,
                }}
              >
                {resource.columns.map((column) => (
                  <Fragment key={column.key}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(column.titleKey)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {renderCell(column, row, { openAction: (key) => onOpenAction(row, key) })}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </CardContent>
            {(rowActions || selection) && (
              <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                {selection && (
                  <FormControlLabel
                    sx={{ mr: 'auto' }}
                    label={t('list.selectRow', { name: nameOfRow(resource, row) })}
                    control={
                      <Checkbox
                        checked={selection.isSelected(row)}
                        onChange={() => selection.onToggle(row)}
                      />
                    }
                  />
                )}
                {rowActions && <RowActions row={row} {...rowActions} variant="buttons" />}
              </CardActions>
            )}
          </Card>
        ))}
      </Stack>
      {emptyText !== null && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
    </Box>
  );
}
