import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Language, RejectionReasonRow } from '@usluge/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPicker } from '../../../api/list-api.ts';
import { isLanguage } from '../../../i18n/language-preference.ts';

type Reason = Pick<RejectionReasonRow, 'id' | 'title_me' | 'title_en' | 'text_me' | 'text_en'>;

/** The query of the active templates, shared by every dialog that offers them. */
export const REJECTION_REASONS_QUERY_KEY = ['picker', 'rejection_reasons'] as const;

function titleOf(reason: Reason, language: Language): string {
  return language === 'en' ? reason.title_en : reason.title_me;
}

function textOf(reason: Reason, language: Language): string {
  return language === 'en' ? reason.text_en : reason.text_me;
}

export type RejectionReasonPickerProps = {
  /** The chosen templates' ids, in the order they were picked. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** A message under the field (a 422 on `reason_ids`, or 'a reason is required'). */
  error?: string;
};

/**
 * Picks one or more active rejection reason templates (issue 19): an autocomplete of the
 * templates' titles in the interface language, each with the start of the text the poster will
 * read. Typing filters, arrows and Enter pick, Backspace removes the last chip. The value is the
 * ids only, as the status change and the report resolution send them (`reason_ids`).
 */
export function RejectionReasonPicker({ value, onChange, error }: RejectionReasonPickerProps) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'me';
  const reasons = useQuery({
    queryKey: REJECTION_REASONS_QUERY_KEY,
    queryFn: ({ signal }) => fetchPicker<Reason>('rejection_reasons', signal).then((answer) => answer.result),
    staleTime: 60_000,
  });
  const options = reasons.data ?? [];
  const valueKey = value.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: valueKey stands for value
  const chosen = useMemo(
    () =>
      value
        .map((id) => options.find((reason) => reason.id === id))
        .filter((reason): reason is Reason => reason !== undefined),
    [valueKey, options],
  );
  const hint = reasons.isError
    ? t('rejectionReasons.picker.loadFailed')
    : !reasons.isPending && options.length === 0
      ? t('rejectionReasons.picker.none')
      : t('rejectionReasons.picker.hint');

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      autoHighlight
      fullWidth
      options={options}
      value={chosen}
      onChange={(_, next) => onChange(next.map((reason) => reason.id))}
      getOptionLabel={(reason) => titleOf(reason, language)}
      getOptionKey={(reason) => String(reason.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={reasons.isPending}
      loadingText={t('common.loading')}
      noOptionsText={t('rejectionReasons.picker.noMatches')}
      renderOption={({ key, ...props }, reason) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{titleOf(reason, language)}</Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {textOf(reason, language)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('rejectionReasons.picker.label')}
          error={error !== undefined}
          helperText={error ?? hint}
        />
      )}
    />
  );
}
