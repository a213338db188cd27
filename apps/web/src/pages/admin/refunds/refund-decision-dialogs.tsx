import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  formatCredits,
  type RefundRequestDecision,
  type RefundRequestRow,
  refundRequestDecisionSchema,
  validationErrorMap,
} from '@usluge/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { DialogForm, FormDialogFrame } from '../../../components/form/dialog-form.tsx';
import { FormFieldInput } from '../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../components/form/form-types.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import type { RowActionDialogProps } from '../../../components/list/resource-types.ts';
import type { TranslationKey } from '../../../i18n/catalogue.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { decideRefundRequest } from './refunds-api.ts';

/** After a decision: what the desk says happened (a contact refunded meanwhile closes the request). */
function announce(t: (key: TranslationKey) => string, decided: RefundRequestRow) {
  feedback.showSuccess(
    t(
      decided.status === 'closed'
        ? 'refunds.closed'
        : decided.status === 'approved'
          ? 'refunds.approved'
          : 'refunds.declined',
    ),
  );
}

/**
 * Asks, then approves: the contact's credits go back once. The confirmation's opening gives the
 * Idempotency-Key; the request's version makes a decision someone made first a 409 (error dialog,
 * the list reloads).
 */
export function ApproveRefundDialog({
  row,
  isOpen,
  onClose,
  onChanged,
}: RowActionDialogProps<RefundRequestRow>) {
  const { t } = useTranslation();
  const approve = async (idempotencyKey: string) => {
    try {
      const decided = await decideRefundRequest(
        Number(row.id),
        { is_approved: true, reason: null, updated_at: String(row.updated_at) },
        idempotencyKey,
      );
      announce(t, decided);
    } finally {
      onChanged();
      onClose();
    }
  };
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('refunds.approveQuestion', { ad: row.ad.title })}
      text={t('refunds.approveText', {
        member: row.member_name,
        credit: formatCredits(row.credit, currentLanguage()),
      })}
      confirmLabel={t('refunds.approve')}
      onConfirm={approve}
      onCancel={onClose}
    />
  );
}

type DeclineValues = { is_approved: false; reason: string };

const REASON_FIELD: FormField<DeclineValues> = {
  name: 'reason',
  labelKey: 'refunds.declineReason',
  kind: 'textarea',
  isRequired: true,
};

/** Declines with a reason (required; the member reads it in the inbox and by e-mail). */
export function DeclineRefundDialog({
  row,
  isOpen,
  onClose,
  onChanged,
}: RowActionDialogProps<RefundRequestRow>) {
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={500}>
      {(titleId) => <DeclineForm request={row} titleId={titleId} onClose={onClose} onChanged={onChanged} />}
    </FormDialogFrame>
  );
}

function DeclineForm({
  request,
  titleId,
  onClose,
  onChanged,
}: {
  request: RefundRequestRow;
  titleId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<DeclineValues, unknown, RefundRequestDecision>({
    resolver: zodResolver(refundRequestDecisionSchema, {
      error: validationErrorMap(currentLanguage()),
    }) as never,
    defaultValues: { is_approved: false, reason: '' },
  });
  const save = useWriteMutation({
    mutationFn: (decision: RefundRequestDecision, idempotencyKey: string) =>
      decideRefundRequest(
        Number(request.id),
        { is_approved: false, reason: decision.reason ?? null, updated_at: String(request.updated_at) },
        idempotencyKey,
      ),
    onSuccess: (decided) => {
      announce(t, decided);
      onChanged();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      const reason = error.fieldErrors.reason?.[0];
      if (reason) {
        form.setError('reason', { type: 'server', message: reason });
        return;
      }
      // Decided by someone else first: the error dialog says so, the list shows it as it is now.
      onChanged();
      onClose();
    },
  });
  /** A message of the contract's (`validation.reason_required`) in the interface language. */
  const translate = (message: string | undefined) =>
    message?.startsWith('validation.') && i18n.exists(message) ? t(message as TranslationKey) : message;
  return (
    <DialogForm
      titleId={titleId}
      title={t('refunds.declineTitle', { ad: request.ad.title })}
      control={form.control}
      fields={[]}
      onSubmit={form.handleSubmit((decision) => save.submit(decision))}
      onClose={onClose}
      submitButton={
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('refunds.decline')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {request.member_name} · {t(`refunds.reasons.${request.reason}`)}
        {request.text ? `: ${request.text}` : ''}
      </Typography>
      <Controller
        control={form.control}
        name="reason"
        render={({ field, fieldState }) => (
          <FormFieldInput
            field={REASON_FIELD}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={translate(fieldState.error?.message)}
          />
        )}
      />
    </DialogForm>
  );
}
