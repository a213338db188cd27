import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePicker } from '../../api/use-picker.ts';
import { DATE_RANGE_SEPARATOR } from './list-state.ts';
import type { ColumnFilter } from './resource-types.ts';

export type FilterFieldProps = {
  filter: ColumnFilter;
  /** The column title, for the accessible name. */
  title: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in a text field, or a choice in a select: apply the filters. */
  onApply: (value: string) => void;
};

const OPERATOR_SIGN = { equals: '=', gte: '≥', lte: '≤' } as const;

/** One cell of the filter row, by the column's filter kind. */
export function FilterField({ filter, title, value, onChange, onApply }: FilterFieldProps) {
  const { t } = useTranslation();
  const label = t('list.filterBy', { column: title });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply(value);
    }
  };

  switch (filter.kind) {
    case 'text':
      return (
        <TextField
          size="small"
          fullWidth
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        />
      );
    case 'number':
      return (
        <TextField
          size="small"
          fullWidth
          type="number"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: { 'aria-label': label, inputMode: 'decimal' },
            input: {
              startAdornment: (
                <InputAdornment position="start">{OPERATOR_SIGN[filter.operator ?? 'equals']}</InputAdornment>
              ),
            },
          }}
        />
      );
    case 'date': {
      const [from = '', to = ''] = value.split(DATE_RANGE_SEPARATOR);
      const join = (nextFrom: string, nextTo: string) =>
        nextFrom === '' && nextTo === '' ? '' : `${nextFrom}${DATE_RANGE_SEPARATOR}${nextTo}`;
      return (
        <Stack spacing={0.5}>
          <TextField
            size="small"
            type="date"
            value={from}
            onChange={(e) => onChange(join(e.target.value, to))}
            onKeyDown={onKeyDown}
            slotProps={{ htmlInput: { 'aria-label': `${label} (${t('list.from')})` } }}
          />
          <TextField
            size="small"
            type="date"
            value={to}
            onChange={(e) => onChange(join(from, e.target.value))}
            onKeyDown={onKeyDown}
            slotProps={{ htmlInput: { 'aria-label': `${label} (${t('list.to')})` } }}
          />
        </Stack>
      );
    }
    case 'boolean':
      return (
        <ChoiceFilter
          label={label}
          value={value}
          onApply={onApply}
          choices={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
      );
    case 'select':
      if ('picker' in filter)
        return <PickerFilter entity={filter.picker} label={label} value={value} onApply={onApply} />;
      return (
        <ChoiceFilter
          label={label}
          value={value}
          onApply={onApply}
          choices={filter.options.map((o) => ({ value: String(o.value), label: t(o.labelKey) }))}
        />
      );
  }
}

type Choice = { value: string; label: string };

/** A select filter applies as soon as a choice is made. */
function ChoiceFilter({
  label,
  value,
  choices,
  onApply,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onApply: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      fullWidth
      value={value}
      onChange={(e) => onApply(e.target.value)}
      slotProps={{ select: { displayEmpty: true, inputProps: { 'aria-label': label } } }}
    >
      <MenuItem value="">
        <em>{t('list.any')}</em>
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PickerFilter({
  entity,
  label,
  value,
  onApply,
}: {
  entity: string;
  label: string;
  value: string;
  onApply: (value: string) => void;
}) {
  const picker = usePicker(entity);
  const choices = (picker.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  // Keep a chosen value visible while the choices load.
  if (value !== '' && !choices.some((c) => c.value === value)) choices.push({ value, label: value });
  return <ChoiceFilter label={label} value={value} choices={choices} onApply={onApply} />;
}
