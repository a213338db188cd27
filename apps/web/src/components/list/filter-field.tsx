import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatNumberInput, parseAmount } from '@usluge/contract';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerEntity } from '../../api/list-api.ts';
import { usePicker } from '../../api/use-picker.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useSeededName } from '../../i18n/seeded-names.ts';
import { AMOUNT_FORMAT_MESSAGE } from '../form/amount-fields.ts';
import { DATE_RANGE_SEPARATOR, parseDay } from './list-state.ts';
import type { ColumnFilter } from './resource-types.ts';

export type FilterFieldProps = {
  filter: ColumnFilter;
  /** The column title, for the accessible name. */
  title: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in a text field, or a choice in a select: apply the filters. */
  onApply: (value: string) => void;
  /**
   * Shows the column title as the field's label (the phone's filter panel); in the table's filter
   * row the column header says it. The accessible name is 'Filter: <title>' either way.
   */
  isLabelVisible?: boolean;
};

const OPERATOR_SIGN = { equals: '=', gte: '≥', lte: '≤' } as const;

/** One filter, by the column's filter kind: a cell of the filter row, or a field of the panel. */
export function FilterField({
  filter,
  title,
  value,
  onChange,
  onApply,
  isLabelVisible = false,
}: FilterFieldProps) {
  const { t } = useTranslation();
  const label = t('list.filterBy', { column: title });
  const visibleLabel = isLabelVisible ? title : undefined;
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
          label={visibleLabel}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={label}
          visibleLabel={visibleLabel}
          sign={OPERATOR_SIGN[filter.operator ?? 'equals']}
          value={value}
          onChange={onChange}
          onApply={onApply}
        />
      );
    case 'date': {
      const [from = '', to = ''] = value.split(DATE_RANGE_SEPARATOR);
      const join = (nextFrom: string, nextTo: string) =>
        nextFrom === '' && nextTo === '' ? '' : `${nextFrom}${DATE_RANGE_SEPARATOR}${nextTo}`;
      return (
        // Under each other in a table cell; side by side, each with its label, in the phone's panel.
        <Stack direction={isLabelVisible ? 'row' : 'column'} spacing={isLabelVisible ? 1 : 0.5}>
          <DayInput
            label={`${label} (${t('list.from')})`}
            visibleLabel={visibleLabel && `${visibleLabel} (${t('list.from')})`}
            value={from}
            onChange={(text) => onChange(join(text, to))}
            onKeyDown={onKeyDown}
          />
          <DayInput
            label={`${label} (${t('list.to')})`}
            visibleLabel={visibleLabel && `${visibleLabel} (${t('list.to')})`}
            value={to}
            onChange={(text) => onChange(join(from, text))}
            onKeyDown={onKeyDown}
          />
        </Stack>
      );
    }
    case 'boolean':
      return (
        <ChoiceFilter
          label={label}
          visibleLabel={visibleLabel}
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
        return (
          <PickerFilter
            entity={filter.picker}
            label={label}
            visibleLabel={visibleLabel}
            value={value}
            onApply={onApply}
          />
        );
      return (
        <ChoiceFilter
          label={label}
          visibleLabel={visibleLabel}
          value={value}
          onApply={onApply}
          choices={filter.options.map((o) => ({ value: String(o.value), label: t(o.labelKey) }))}
        />
      );
  }
}

/**
 * One end of a date range, typed as dd.mm.yyyy (the same in both languages; a browser date input
 * would show the browser's own format). A text that is no day is marked, with the format under it.
 */
function DayInput({
  label,
  visibleLabel,
  value,
  onChange,
  onKeyDown,
}: {
  label: string;
  visibleLabel: string | undefined;
  value: string;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { t } = useTranslation();
  const isInvalid = value.trim() !== '' && parseDay(value) === null;
  return (
    <TextField
      size="small"
      fullWidth
      label={visibleLabel}
      value={value}
      placeholder={t('list.dayFormat')}
      // The range separator cannot be part of a day.
      onChange={(e) => onChange(e.target.value.replaceAll(DATE_RANGE_SEPARATOR, ''))}
      onKeyDown={onKeyDown}
      error={isInvalid}
      helperText={isInvalid ? t('list.dayFormatHint', { format: t('list.dayFormat') }) : undefined}
      slotProps={{ htmlInput: { 'aria-label': label, autoComplete: 'off' }, inputLabel: { shrink: true } }}
    />
  );
}

/**
 * A number typed as amounts are typed everywhere, in the interface language ('1.234,50' or
 * '1234,50' in Montenegrin, '1,234.50' in English: parseAmount), while the list state, the URL and
 * saved views keep the plain number ('1234.5'), the same in both languages. Text the language does
 * not read ('12.5' in Montenegrin) stays in the field, marked, and filters nothing: never a guess.
 */
function NumberInput({
  label,
  visibleLabel,
  sign,
  value,
  onChange,
  onApply,
}: {
  label: string;
  visibleLabel: string | undefined;
  sign: string;
  value: string;
  onChange: (plain: string) => void;
  onApply: (plain: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const shown = (plain: string) => {
    const amount = parseAmount(plain, 'request');
    return amount === null ? plain : formatNumberInput(amount, language);
  };
  // What the list keeps of a text: its plain number, or nothing while the language does not read it.
  const plainOf = (typed: string) => {
    const amount = parseAmount(typed, language);
    return amount === null ? '' : String(amount);
  };
  const [text, setText] = useState(() => shown(value));
  // A value set from outside (filters cleared, a saved view, the language changed) replaces the text.
  const [seen, setSeen] = useState(`${language}|${value}`);
  if (seen !== `${language}|${value}`) {
    setSeen(`${language}|${value}`);
    if (plainOf(text) !== value) setText(shown(value));
  }
  const isInvalid = text.trim() !== '' && parseAmount(text, language) === null;
  return (
    <TextField
      size="small"
      fullWidth
      label={visibleLabel}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(plainOf(event.target.value));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onApply(plainOf(text));
        }
      }}
      error={isInvalid}
      helperText={isInvalid && visibleLabel ? t(AMOUNT_FORMAT_MESSAGE) : undefined}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          inputMode: 'decimal',
          autoComplete: 'off',
          ...(isInvalid ? { title: t(AMOUNT_FORMAT_MESSAGE) } : {}),
        },
        input: { startAdornment: <InputAdornment position="start">{sign}</InputAdornment> },
      }}
    />
  );
}

type Choice = { value: string; label: string };

/** A select filter applies as soon as a choice is made. */
function ChoiceFilter({
  label,
  visibleLabel,
  value,
  choices,
  onApply,
}: {
  label: string;
  visibleLabel: string | undefined;
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
      label={visibleLabel}
      value={value}
      onChange={(e) => onApply(e.target.value)}
      slotProps={{
        select: { displayEmpty: true, inputProps: { 'aria-label': label } },
        inputLabel: { shrink: true },
      }}
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
  visibleLabel,
  value,
  onApply,
}: {
  entity: PickerEntity;
  label: string;
  visibleLabel: string | undefined;
  value: string;
  onApply: (value: string) => void;
}) {
  const picker = usePicker(entity);
  const nameOf = useSeededName(entity);
  const choices = (picker.data ?? []).map((row) => ({ value: String(row.id), label: nameOf(row) }));
  // Keep a chosen value visible while the choices load.
  if (value !== '' && !choices.some((c) => c.value === value)) choices.push({ value, label: value });
  return (
    <ChoiceFilter
      label={label}
      visibleLabel={visibleLabel}
      value={value}
      choices={choices}
      onApply={onApply}
    />
  );
}
