import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import type { AdReportDecision, AdReportQueueRow } from '@usluge/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { DialogForm, FormDialogFrame } from '../../../components/form/dialog-form.tsx';
import { FormFieldInput } from '../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../components/form/form-types.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import type { RowActionDialogProps } from '../../../components/list/resource-types.ts';
import { AdStatusChip } from '../ads/ad-status.tsx';
import { fetchNextStatuses } from '../ads/ads-api.ts';
import { RejectionReasonPicker } from '../ads/rejection-reason-picker.tsx';
import { resolveAdReports } from './ad-reports-api.ts';

type ResolveValues = { status_comment: string };

const COMMENT_FIELD: FormField<ResolveValues> = {
  name: 'status_comment',
  labelKey: 'adReports.comment',
  kind: 'textarea',
};

/**
 * "Riješi" on a row of the reports queue: dismiss the ad's open reports, or change the ad's status
 * (the statuses the status order allows from the current one, as the status dialog offers them;
 * a status that needs a reason takes rejection reason templates and/or a comment). Sent with the
 * ad's version from the row, so a change made meanwhile is refused (409, the error dialog).
 */
export function ResolveReportsDialog({
  row,
  isOpen,
  onClose,
  onChanged,
}: RowActionDialogProps<AdReportQueueRow>) {
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={520}>
      {(titleId) => <ResolveForm row={row} titleId={titleId} onClose={onClose} onChanged={onChanged} />}
    </FormDialogFrame>
  );
}

function ResolveForm({
  row,
  titleId,
  onClose,
  onChanged,
}: {
  row: AdReportQueueRow;
  titleId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const decisionLabelId = useId();
  const statusLabelId = useId();
  const [decision, setDecision] = useState<AdReportDecision>('dismiss');
  const [statusId, setStatusId] = useState<number | null>(null);
  const [reasonIds, setReasonIds] = useState<number[]>([]);
  const [statusError, setStatusError] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const choices = useQuery({
    queryKey: ['ad-status-order', row.ad_status_id],
    queryFn: ({ signal }) => fetchNextStatuses(row.ad_status_id, signal),
    enabled: decision === 'status',
  });
  const chosen = choices.data?.find((status) => status.id === statusId);
  const isReasonShown = decision === 'status' && (chosen?.is_reason_required ?? false);
  const form = useForm<ResolveValues>({ defaultValues: { status_comment: '' } });

  const save = useWriteMutation({
    mutationFn: (comment: string, idempotencyKey: string) =>
      resolveAdReports(
        Number(row.ad_id),
        decision === 'dismiss'
          ? { decision, status_comment: null, reason_ids: [] }
          : {
              decision,
              ad_status_id: statusId,
              status_comment: isReasonShown && comment !== '' ? comment : null,
              reason_ids: isReasonShown ? reasonIds : [],
              updated_at: String(row.updated_at),
            },
        idempotencyKey,
      ),
    onSuccess: () => {
      feedback.showSuccess(t('adReports.resolved', { title: row.title }));
      onChanged();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      const fields = error.fieldErrors;
      if (fields.ad_status_id?.[0]) setStatusError(fields.ad_status_id[0]);
      if (fields.reason_ids?.[0]) setReasonError(fields.reason_ids[0]);
      if (fields.status_comment?.[0]) {
        form.setError('status_comment', { type: 'server', message: fields.status_comment[0] });
      }
      // Resolved or decided meanwhile (409): the error dialog says so; the queue shows it as it is now.
      if (Object.keys(fields).length === 0) {
        onChanged();
        onClose();
      }
    },
  });

  const submit = form.handleSubmit(({ status_comment }) => {
    if (decision === 'status') {
      if (statusId === null) {
        setStatusError(t('validation.required_selection'));
        return;
      }
      if (isReasonShown && status_comment.trim() === '' && reasonIds.length === 0) {
        form.setError('status_comment', { type: 'required', message: t('adReports.commentRequired') });
        return;
      }
    }
    save.submit(status_comment.trim());
  });

  return (
    <DialogForm
      titleId={titleId}
      title={t('adReports.resolveTitle')}
      control={form.control}
      fields={[]}
      onSubmit={submit}
      onClose={onClose}
      submitButton={
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('adReports.save')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('adReports.resolveIntro', { title: row.title, count: row.open_count })}
      </Typography>
      <FormControl>
        <FormLabel id={decisionLabelId}>{t('adReports.decision')}</FormLabel>
        <RadioGroup
          aria-labelledby={decisionLabelId}
          value={decision}
          onChange={(event) => setDecision(event.target.value === 'status' ? 'status' : 'dismiss')}
        >
          <FormControlLabel value="dismiss" control={<Radio autoFocus />} label={t('adReports.dismiss')} />
          <FormControlLabel value="status" control={<Radio />} label={t('adReports.changeStatus')} />
        </RadioGroup>
      </FormControl>
      {decision === 'status' && (
        <Stack spacing={2}>
          {choices.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
          {choices.data?.length === 0 && <Alert severity="info">{t('adReports.noChoices')}</Alert>}
          {choices.data && choices.data.length > 0 && (
            <FormControl error={statusError !== undefined} required>
              <FormLabel id={statusLabelId}>{t('adReports.newStatus')}</FormLabel>
              <RadioGroup
                aria-labelledby={statusLabelId}
                value={statusId === null ? '' : String(statusId)}
                onChange={(event) => {
                  setStatusId(Number(event.target.value));
                  setStatusError(undefined);
                }}
              >
                {choices.data.map((status) => (
                  <FormControlLabel
                    key={status.id}
                    value={String(status.id)}
                    control={<Radio />}
                    label={<AdStatusChip status={status} />}
                  />
                ))}
              </RadioGroup>
              {statusError && <FormHelperText>{statusError}</FormHelperText>}
            </FormControl>
          )}
          {isReasonShown && (
            <>
              <RejectionReasonPicker
                value={reasonIds}
                onChange={(ids) => {
                  setReasonIds(ids);
                  setReasonError(undefined);
                  form.clearErrors('status_comment');
                }}
                {...(reasonError === undefined ? {} : { error: reasonError })}
              />
              <FormFieldInput
                field={COMMENT_FIELD}
                value={form.watch('status_comment')}
                onChange={(value) => {
                  form.setValue('status_comment', String(value ?? ''));
                  form.clearErrors('status_comment');
                }}
                onBlur={() => {}}
                error={form.formState.errors.status_comment?.message}
              />
            </>
          )}
        </Stack>
      )}
    </DialogForm>
  );
}
