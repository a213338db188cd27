import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePicker } from '../../api/use-picker.ts';
import type { FormField } from './form-types.ts';
import {
  changedKeys,
  isSameValue,
  type WriteConflict,
  type WriteConflictState,
} from './use-write-conflict.ts';

/** One field the other person changed: the value the user started from, and the value saved now. */
export type ConflictChange = {
  key: string;
  label: string;
  before: ReactNode;
  after: ReactNode;
  /** The user's own edit of the same field, which 'apply my edits' would put back; null if none. */
  mine: ReactNode | null;
};

/** The conflict's changes among a form's described fields (passwords are never shown). */
export function fieldConflictChanges<Values extends FieldValues>(
  fields: readonly FormField<Values>[],
  conflict: WriteConflict<Values>,
  label: (field: FormField<Values>) => string,
): ConflictChange[] {
  const changed = new Set<string>(changedKeys(conflict.started, conflict.current));
  return fields
    .filter((field) => field.kind !== 'password' && changed.has(field.name))
    .map((field) => {
      const value = (values: Values) => <FieldValueText field={field} value={values[field.name]} />;
      const isMineChanged = !isSameValue(conflict.mine[field.name], conflict.started[field.name]);
      return {
        key: field.name,
        label: label(field),
        before: value(conflict.started),
        after: value(conflict.current),
        mine: isMineChanged ? value(conflict.mine) : null,
      };
    });
}

function EmptyValue() {
  const { t } = useTranslation();
  return <em>{t('form.conflict.empty')}</em>;
}

/** A form value as a person reads it: a choice's name, yes or no, the image itself. */
export function FieldValueText<Values extends FieldValues>({
  field,
  value,
}: {
  field: FormField<Values>;
  value: unknown;
}) {
  const { t } = useTranslation();
  const picker = usePicker(field.picker);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <EmptyValue />;
  }
  switch (field.kind) {
    case 'checkbox':
      return <>{value === true ? t('common.yes') : t('common.no')}</>;
    case 'image':
      if (value instanceof File) return <>{value.name}</>;
      return (
        <Box
          component="img"
          src={String(value)}
          alt={t(field.labelKey)}
          sx={{ height: 40, maxWidth: 80, objectFit: 'contain', verticalAlign: 'middle', borderRadius: 0.5 }}
        />
      );
    case 'select': {
      const nameOf = (id: unknown) => {
        const option = field.options?.find((choice) => choice.value === id);
        if (option) return t(option.labelKey);
        return picker.data?.find((row) => row.id === id)?.name ?? `#${String(id)}`;
      };
      return <>{(Array.isArray(value) ? value : [value]).map(nameOf).join(', ')}</>;
    }
    default:
      return <>{Array.isArray(value) ? value.map(String).join(', ') : String(value)}</>;
  }
}

/**
 * Inside an edit form, above its fields: the stale save's message, each field the other person
 * changed (from → now), and the choice between applying the user's edits on top of the saved record
 * and discarding them; after the choice, a line saying what the form now holds. Each takes the
 * focus when it appears, so keyboard and screen reader users land on it.
 */
export function WriteConflictNotice<Values extends FieldValues>({
  state,
  changes,
}: {
  state: Pick<WriteConflictState<Values>, 'conflict' | 'outcome' | 'reapply' | 'discard'>;
  changes: readonly ConflictChange[];
}) {
  const { t } = useTranslation();
  const focusTarget = useRef<HTMLDivElement>(null);
  const { conflict, outcome } = state;
  useEffect(() => {
    if (conflict !== null || outcome !== null) focusTarget.current?.focus();
  }, [conflict, outcome]);

  if (conflict === null) {
    if (outcome === null) return null;
    return (
      <Alert severity="info" role="status" ref={focusTarget} tabIndex={-1}>
        {outcome === 'reapplied' ? t('form.conflict.reapplied') : t('form.conflict.discarded')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" ref={focusTarget} tabIndex={-1}>
      <AlertTitle sx={{ overflowWrap: 'anywhere' }}>{conflict.message}</AlertTitle>
      {changes.length === 0 ? (
        <Typography variant="body2">{t('form.conflict.noFieldChanged')}</Typography>
      ) : (
        <>
          <Typography variant="body2">{t('form.conflict.changedFields')}</Typography>
          <Box component="dl" sx={{ my: 1, '& dd': { ml: 0, mb: 1, overflowWrap: 'anywhere' } }}>
            {changes.map((change) => (
              <Box key={change.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="subtitle2">
                  {change.label}
                </Typography>
                <Typography component="dd" variant="body2">
                  {change.before}
                  <Box component="span" aria-hidden sx={{ mx: 1 }}>
                    →
                  </Box>
                  <Box component="span" sx={visuallyHidden}>
                    {` ${t('form.conflict.nowSaved')} `}
                  </Box>
                  <strong>{change.after}</strong>
                  {change.mine !== null && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {t('form.conflict.yourEdit')}: {change.mine}
                    </Box>
                  )}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('form.conflict.choose')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" onClick={state.reapply}>
          {t('form.conflict.reapply')}
        </Button>
        <Button variant="outlined" size="small" onClick={state.discard}>
          {t('form.conflict.discard')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Read by screen readers only: the arrow's words. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
