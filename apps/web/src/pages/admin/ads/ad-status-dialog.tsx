import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  AD_STATUS,
  type AdRow,
  type StatusChangeValues,
  statusChangeSchema,
  validationErrorMap,
} from '@usluge/contract';
import { useId, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { DialogForm, FormDialogFrame } from '../../../components/form/dialog-form.tsx';
import { FormFieldInput } from '../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../components/form/form-types.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import type { RowActionDialogProps } from '../../../components/list/resource-types.ts';
import type { TranslationKey } from '../../../i18n/catalogue.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { AdStatusChip, useStatusName } from './ad-status.tsx';
import { changeAdStatus, fetchNextStatuses } from './ads-api.ts';
import { RejectionReasonPicker } from './rejection-reason-picker.tsx';

type StatusFormValues = { ad_status_id: number | ''; status_comment: string; reason_ids: number[] };

const REASON_FIELD: FormField<StatusFormValues> = {
  name: 'status_comment',
  labelKey: 'ads.statusDialog.reason',
  kind: 'textarea',
  // A template picked above is a reason too: the comment alone is not required.
  isRequired: false,
};

/**
 * The status dialog (SPEC.md 4 'Ad status'), opened from the status chip: the choices are the
 * statuses the status order allows from the current one; a status that needs a reason (Odbijen)
 * shows the reason field, required. The change names the status the moderator saw, so a decision
 * someone made meanwhile is not overwritten: the server's 409 message opens the error dialog and
 * the list reloads. Rejecting an ad that members paid to contact (open, unanswered contacts) offers
 * to give them their credits back in the same change.
 */
export function AdStatusDialog({ row, isOpen, onClose, onChanged }: RowActionDialogProps<AdRow>) {
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={500}>
      {(titleId) => <StatusForm ad={row} titleId={titleId} onClose={onClose} onChanged={onChanged} />}
    </FormDialogFrame>
  );
}

function StatusForm({
  ad,
  titleId,
  onClose,
  onChanged,
}: {
  ad: AdRow;
  titleId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const statusName = useStatusName();
  const choicesLabelId = useId();
  const choices = useQuery({
    queryKey: ['ad-status-order', ad.status.id],
    queryFn: ({ signal }) => fetchNextStatuses(ad.status.id, signal),
  });
  const form = useForm<StatusFormValues, unknown, StatusChangeValues>({
    resolver: zodResolver(statusChangeSchema, { error: validationErrorMap(currentLanguage()) }) as never,
    defaultValues: { ad_status_id: '', status_comment: '', reason_ids: [] },
  });
  const chosenId = useWatch({ control: form.control, name: 'ad_status_id' });
  const chosen = choices.data?.find((status) => status.id === chosenId);
  const isReasonShown = chosen?.is_reason_required ?? false;
  const openPaidLeads = ad.open_paid_leads ?? 0;
  const isRefundOffered = chosenId === AD_STATUS.rejected && openPaidLeads > 0;
  const [isRefunding, setRefunding] = useState(false);

  const save = useWriteMutation({
    mutationFn: (change: StatusChangeValues, idempotencyKey: string) =>
      changeAdStatus(
        Number(ad.id),
        {
          ad_status_id: change.ad_status_id,
          // A reason typed for a status that needs none is not sent.
          status_comment: isReasonShown ? change.status_comment : null,
          reason_ids: isReasonShown ? (change.reason_ids ?? []) : [],
          from_status_id: ad.status.id,
          updated_at: ad.updated_at,
          ...(isRefundOffered && isRefunding ? { refund_leads: true } : {}),
        },
        idempotencyKey,
      ),
    onSuccess: (changed) => {
      feedback.showSuccess(
        t('ads.statusDialog.changed', { title: ad.title, status: statusName(changed.status) }),
      );
      onChanged();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      const fieldMessages = Object.entries(error.fieldErrors);
      for (const [field, messages] of fieldMessages) {
        if (
          (field === 'ad_status_id' || field === 'status_comment' || field === 'reason_ids') &&
          messages[0]
        ) {
          form.setError(field as Path<StatusFormValues>, { type: 'server', message: messages[0] });
        }
      }
      // Someone decided first (409) or the order no longer allows it (422): the error dialog says
      // so; the list shows the ad as it is now.
      if (fieldMessages.length === 0) {
        onChanged();
        onClose();
      }
    },
  });

  /** A message of the contract's (`validation.reason_required`) in the interface language. */
  const translate = (message: string | undefined) =>
    message?.startsWith('validation.') && i18n.exists(message) ? t(message as TranslationKey) : message;

  return (
    <DialogForm
      titleId={titleId}
      title={t('ads.statusDialog.title')}
      control={form.control}
      fields={[]}
      onSubmit={form.handleSubmit((change) => save.submit(change))}
      onClose={onClose}
      submitButton={
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending || !choices.data?.length}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('ads.statusDialog.save')}
        </Button>
      }
    >
      <Stack spacing={1}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('ads.statusDialog.adTitle', { title: ad.title })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('ads.statusDialog.current')}:
          </Typography>
          <AdStatusChip status={ad.status} />
        </Stack>
      </Stack>
      {choices.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {choices.data?.length === 0 && <Alert severity="info">{t('ads.statusDialog.noChoices')}</Alert>}
      {choices.data && choices.data.length > 0 && (
        <Controller
          control={form.control}
          name="ad_status_id"
          render={({ field, fieldState }) => (
            <FormControl error={fieldState.error !== undefined} required>
              <FormLabel id={choicesLabelId}>{t('ads.statusDialog.next')}</FormLabel>
              <RadioGroup
                aria-labelledby={choicesLabelId}
                value={field.value === '' ? '' : String(field.value)}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
              >
                {choices.data.map((status, index) => (
                  <FormControlLabel
                    key={status.id}
                    value={String(status.id)}
                    control={<Radio autoFocus={index === 0} />}
                    label={<AdStatusChip status={status} />}
                  />
                ))}
              </RadioGroup>
              {fieldState.error && <FormHelperText>{translate(fieldState.error.message)}</FormHelperText>}
            </FormControl>
          )}
        />
      )}
      {isReasonShown && (
        <Controller
          control={form.control}
          name="reason_ids"
          render={({ field, fieldState }) => (
            <RejectionReasonPicker
              value={field.value}
              onChange={field.onChange}
              {...(fieldState.error?.message ? { error: translate(fieldState.error.message) ?? '' } : {})}
            />
          )}
        />
      )}
      {isReasonShown && (
        <Controller
          control={form.control}
          name="status_comment"
          render={({ field, fieldState }) => (
            <FormFieldInput
              field={REASON_FIELD}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {isRefundOffered && (
        <FormControlLabel
          control={
            <Checkbox checked={isRefunding} onChange={(event) => setRefunding(event.target.checked)} />
          }
          label={t('ads.statusDialog.refundLeads', { count: openPaidLeads })}
        />
      )}
    </DialogForm>
  );
}
