import ClearIcon from '@mui/icons-material/FilterAltOff';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { FilterField } from './filter-field.tsx';
import type { ListLayoutProps } from './list-layout.ts';
import { filtersOf } from './list-state.ts';
import type { RowBase } from './resource-types.ts';

/**
 * On a phone the table's header and filter row give way to this panel: each column's filter with
 * its title as the label, the sort column and direction, and search / clear.
 */
export function ListFilterPanel<Row extends RowBase>({
  id,
  resource,
  sort,
  onSort,
  draft,
  onDraftChange,
  onApplyFilters,
  onClearFilters,
}: Pick<
  ListLayoutProps<Row>,
  'resource' | 'sort' | 'onSort' | 'draft' | 'onDraftChange' | 'onApplyFilters' | 'onClearFilters'
> & { id: string }) {
  const { t } = useTranslation();
  const sortable = resource.columns.filter((column) => column.isSortable);
  return (
    <Stack id={id} spacing={2} sx={{ p: 2 }}>
      {filtersOf(resource).map((item) => (
        <FilterField
          key={item.key}
          filter={item.filter}
          title={t(item.titleKey)}
          value={draft[item.key] ?? ''}
          onChange={(value) => onDraftChange({ ...draft, [item.key]: value })}
          onApply={(value) => onApplyFilters({ ...draft, [item.key]: value })}
          isLabelVisible
        />
      ))}
      {sortable.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('list.sortBy')}
            value={sort.key}
            onChange={(e) => onSort({ key: e.target.value, isDescending: sort.isDescending })}
            sx={{ flexGrow: 1 }}
          >
            {sortable.map((column) => (
              <MenuItem key={column.key} value={column.key}>
                {t(column.titleKey)}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={sort.isDescending ? 'desc' : 'asc'}
            onChange={(_, direction: 'asc' | 'desc' | null) => {
              if (direction !== null) onSort({ key: sort.key, isDescending: direction === 'desc' });
            }}
            aria-label={t('list.sortDirection')}
          >
            <ToggleButton value="asc">{t('list.ascending')}</ToggleButton>
            <ToggleButton value="desc">{t('list.descending')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => onApplyFilters(draft)}>
          {t('list.search')}
        </Button>
        <Button startIcon={<ClearIcon />} onClick={onClearFilters}>
          {t('list.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
