import FlagIcon from '@mui/icons-material/Flag';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { AD_REPORT_REASONS, type AdReportReason } from '@usluge/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { DialogForm, FormDialogFrame } from '../../../components/form/dialog-form.tsx';
import { FormFieldInput } from '../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../components/form/form-types.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import { reportAd } from './ad-reports-api.ts';

type ReportValues = { text: string };

const TEXT_FIELD: FormField<ReportValues> = {
  name: 'text',
  labelKey: 'adReports.reportText',
  kind: 'textarea',
};

/** "Prijavi" in an ad's details: staff report the ad (a reason from the fixed list, a text). */
export function ReportAdButton({ adId, title }: { adId: number; title: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<FlagIcon />} onClick={() => setOpen(true)}>
        {t('adReports.report')}
      </Button>
      <FormDialogFrame isOpen={isOpen} onClose={() => setOpen(false)} width={480}>
        {(titleId) => (
          <ReportForm adId={adId} title={title} titleId={titleId} onClose={() => setOpen(false)} />
        )}
      </FormDialogFrame>
    </>
  );
}

function ReportForm({
  adId,
  title,
  titleId,
  onClose,
}: {
  adId: number;
  title: string;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reasonLabelId = useId();
  const [reason, setReason] = useState<AdReportReason | ''>('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const form = useForm<ReportValues>({ defaultValues: { text: '' } });
  const save = useWriteMutation({
    mutationFn: (values: { reason: AdReportReason; text: string }, idempotencyKey: string) =>
      reportAd(
        { ad_id: adId, reason: values.reason, text: values.text === '' ? null : values.text },
        idempotencyKey,
      ),
    onSuccess: () => {
      feedback.showSuccess(t('adReports.reported', { title }));
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      const reasonMessage = error.fieldErrors.reason?.[0];
      const textMessage = error.fieldErrors.text?.[0];
      if (reasonMessage) setReasonError(reasonMessage);
      if (textMessage) form.setError('text', { type: 'server', message: textMessage });
      // Nothing here to correct (reported already: a 409 on ad_id): the error dialog says so.
      if (!reasonMessage && !textMessage) onClose();
    },
  });
  const submit = form.handleSubmit(({ text }) => {
    if (reason === '') {
      setReasonError(t('validation.required_selection'));
      return;
    }
    if (reason === 'other' && text.trim() === '') {
      form.setError('text', { type: 'required', message: t('validation.reason_required') });
      return;
    }
    save.submit({ reason, text: text.trim() });
  });
  return (
    <DialogForm
      titleId={titleId}
      title={t('adReports.reportTitle')}
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
          {t('adReports.reportSend')}
        </Button>
      }
    >
      <FormControl error={reasonError !== undefined} required>
        <FormLabel id={reasonLabelId}>{t('adReports.reportReason')}</FormLabel>
        <RadioGroup
          aria-labelledby={reasonLabelId}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as AdReportReason);
            setReasonError(undefined);
          }}
        >
          {AD_REPORT_REASONS.map((value, index) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio autoFocus={index === 0} />}
              label={t(`adReports.reasons.${value}`)}
            />
          ))}
        </RadioGroup>
        {reasonError && <FormHelperText>{reasonError}</FormHelperText>}
      </FormControl>
      <FormFieldInput
        field={{ ...TEXT_FIELD, isRequired: reason === 'other' }}
        value={form.watch('text')}
        onChange={(value) => {
          form.setValue('text', String(value ?? ''));
          form.clearErrors('text');
        }}
        onBlur={() => {}}
        error={form.formState.errors.text?.message}
      />
    </DialogForm>
  );
}
