import { zodResolver } from '@hookform/resolvers/zod';
import ApproveIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import RejectIcon from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  AD_STATUS,
  type AdRow,
  type BulkStatusChange,
  type BulkStatusChangeResponse,
  type BulkStatusChangeValues,
  bulkStatusChangeSchema,
  validationErrorMap,
} from '@usluge/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { DialogForm, FormDialogFrame } from '../../../components/form/dialog-form.tsx';
import { FormFieldInput } from '../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../components/form/form-types.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import { BulkProgressBar, useCountFormat } from '../../../components/list/bulk-result.tsx';
import {
  type BulkProgress,
  BulkStoppedError,
  runBulk,
  stopReasonOf,
} from '../../../components/list/bulk-run.ts';
import type { BulkAction, BulkActionDialogProps } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { changeAdStatuses, REVIEW_QUEUE_ENTITY } from './ads-api.ts';
import { RejectionReasonPicker } from './rejection-reason-picker.tsx';

type Decision = 'approve' | 'reject';

const TO_STATUS: Record<Decision, number> = { approve: AD_STATUS.approved, reject: AD_STATUS.rejected };

const REASON_FIELD: FormField<BulkStatusChange> = {
  name: 'status_comment',
  labelKey: 'ads.bulk.reason',
  kind: 'textarea',
  // A template picked below is a reason too: the comment alone is not required.
  isRequired: false,
};

/**
 * Approve or reject the chosen ads, or all the list's filter matches, at once
 * (`PUT /api/jobs/changeStatus` with ids, or with the filters chunk by chunk, the progress shown).
 * Each ad is checked on its own; the dialog then says which changed and which were refused, and why.
 */
function BulkStatusDialog({ decision, ...props }: BulkActionDialogProps<AdRow> & { decision: Decision }) {
  return (
    <FormDialogFrame isOpen={props.isOpen} onClose={props.onClose} width={500}>
      {(titleId) => <BulkStatusBody decision={decision} {...props} titleId={titleId} />}
    </FormDialogFrame>
  );
}

function BulkStatusBody({
  decision,
  rows,
  count,
  target,
  listEntity,
  onClose,
  onChanged,
  titleId,
}: BulkActionDialogProps<AdRow> & { decision: Decision; titleId: string }) {
  const { t } = useTranslation();
  const formatCount = useCountFormat();
  const [result, setResult] = useState<BulkStatusChangeResponse | null>(null);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  // Where a failed chunk stopped the run: what was done before it stays done.
  const [stopped, setStopped] = useState<{ after: number; reason: string } | null>(null);
  const statusIds = new Set(rows.map((row) => row.status.id));
  // The status the moderator saw, when the chosen ads share one: an ad that moved on meanwhile is refused.
  const [seenStatus] = statusIds.size === 1 ? [...statusIds] : [];
  const form = useForm<BulkStatusChange, unknown, BulkStatusChangeValues>({
    resolver: zodResolver(bulkStatusChangeSchema, { error: validationErrorMap(currentLanguage()) }) as never,
    defaultValues: {
      ...target,
      // The review queue's filters mean its rows (the server applies its condition too).
      ...('filters' in target && listEntity === REVIEW_QUEUE_ENTITY ? { list: REVIEW_QUEUE_ENTITY } : {}),
      ad_status_id: TO_STATUS[decision],
      status_comment: '',
      reason_ids: [],
      ...(seenStatus === undefined ? {} : { from_status_id: seenStatus }),
    },
  });
  const change = useWriteMutation({
    mutationFn: (values: BulkStatusChangeValues, idempotencyKey: string) =>
      runBulk(
        (chunk, chunkKey) =>
          changeAdStatuses(
            {
              ...values,
              ...chunk,
              status_comment: decision === 'reject' ? values.status_comment : null,
              reason_ids: decision === 'reject' ? (values.reason_ids ?? []) : [],
            },
            chunkKey,
          ),
        target,
        count,
        idempotencyKey,
        setProgress,
      ),
    onSuccess: (answer) => {
      setResult(answer);
      onChanged();
    },
    onError: (error) => {
      setProgress(null);
      if (!(error instanceof BulkStoppedError)) return;
      const { partial } = error;
      const done = partial.changed.length + partial.unchanged.length + partial.refused.length;
      if (done > 0) {
        setStopped({ after: done, reason: stopReasonOf(error) });
        setResult(partial);
        onChanged();
        return;
      }
      const cause = error.cause;
      let isShownOnField = false;
      for (const field of ['status_comment', 'reason_ids'] as const) {
        const message = cause instanceof HttpError ? cause.fieldErrors[field]?.[0] : undefined;
        if (message) form.setError(field, { type: 'server', message });
        isShownOnField ||= message !== undefined;
      }
      // Nothing was decided: the form stays, saying why.
      if (!isShownOnField) form.setError('root', { type: 'server', message: stopReasonOf(error) });
    },
  });

  if (result) {
    const titleOf = (id: number) => rows.find((row) => Number(row.id) === id)?.title ?? `#${id}`;
    return (
      <>
        <DialogTitle id={titleId}>{t('ads.bulk.resultTitle')}</DialogTitle>
        <DialogContent>
          {stopped && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {stopped.reason} {t('list.bulk.stopped', { done: formatCount(stopped.after) })}
            </Alert>
          )}
          {result.changed.length > 0 && (
            <Alert severity="success" sx={{ mb: 2 }}>
              <Typography component="h3" variant="subtitle2">
                {t('ads.bulk.changed', { count: formatCount(result.changed.length) })}
              </Typography>
              {/* All the filter matched may be thousands: then the count says enough. */}
              {rows.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {result.changed.map((id) => (
                    <li key={id}>{titleOf(id)}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          {result.unchanged.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('list.bulk.unchanged', { count: formatCount(result.unchanged.length) })}
            </Alert>
          )}
          {result.refused.length > 0 && (
            <Alert severity="warning">
              <Typography component="h3" variant="subtitle2">
                {t('ads.bulk.refused', { count: formatCount(result.refused.length) })}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {result.refused.map((refusal) => (
                  <li key={refusal.id}>
                    <strong>{titleOf(refusal.id)}</strong>: {refusal.message}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} variant="contained" autoFocus>
            {t('common.close')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <DialogForm
      titleId={titleId}
      title={
        decision === 'approve'
          ? t('ads.bulk.approveTitle', { count: formatCount(count) })
          : t('ads.bulk.rejectTitle', { count: formatCount(count) })
      }
      control={form.control}
      fields={[]}
      onSubmit={form.handleSubmit((values) => change.submit(values))}
      onClose={onClose}
      submitButton={
        <Button
          type="submit"
          variant="contained"
          color={decision === 'approve' ? 'primary' : 'error'}
          disabled={change.isPending}
          startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {decision === 'approve' ? t('ads.review.approve') : t('ads.review.reject')}
        </Button>
      }
    >
      <DialogContentText>{t('ads.bulk.text')}</DialogContentText>
      {rows.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflowY: 'auto' }}>
          {rows.map((row) => (
            <Typography component="li" variant="body2" key={row.id}>
              {row.title}
            </Typography>
          ))}
        </Box>
      )}
      {progress && change.isPending && <BulkProgressBar progress={progress} />}
      {form.formState.errors.root?.message && (
        <Alert severity="error">{form.formState.errors.root.message}</Alert>
      )}
      {decision === 'reject' && (
        <Controller
          control={form.control}
          name="status_comment"
          render={({ field, fieldState }) => (
            <FormFieldInput
              field={REASON_FIELD}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              isAutoFocused
            />
          )}
        />
      )}
      {decision === 'reject' && (
        <Controller
          control={form.control}
          name="reason_ids"
          render={({ field, fieldState }) => (
            <RejectionReasonPicker
              // The schema's input type of a preprocessed list is unknown; the form only ever holds ids.
              value={(field.value as number[] | undefined) ?? []}
              onChange={field.onChange}
              {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
            />
          )}
        />
      )}
    </DialogForm>
  );
}

/** The ads lists' bulk actions: approve or reject the chosen ads. */
export const adBulkActions: readonly BulkAction<AdRow>[] = [
  {
    key: 'approve',
    labelKey: 'ads.bulk.approve',
    icon: <ApproveIcon />,
    renderDialog: (props) => <BulkStatusDialog decision="approve" {...props} />,
  },
  {
    key: 'reject',
    labelKey: 'ads.bulk.reject',
    icon: <RejectIcon />,
    renderDialog: (props) => <BulkStatusDialog decision="reject" {...props} />,
  },
];
