import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@tanstack/react-query';
import { type ListRequest, REPORT_TYPES, validationErrorMap } from '@usluge/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../api/list-api.ts';
import { downloadReport, type ReportColumnTitle } from '../../api/report-api.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { feedback } from '../feedback/feedback-store.ts';
import { DialogForm, FormDialogFrame } from '../form/dialog-form.tsx';
import type { FormField } from '../form/form-types.ts';
import { ReportColumnChooser } from './report-column-chooser.tsx';
import { REPORT_DEFAULTS, type ReportChoiceInput, reportChoiceSchema } from './report-schema.ts';

export type ReportDialogProps = {
  isOpen: boolean;
  /** `POST /api/<entity>/index` answers the report. */
  entity: EntityName;
  /** The list's current request: its filters, sort, page and active/inactive choice. */
  request: ListRequest;
  /**
   * The columns the list shows, in order, with their titles in the current language: the report's
   * columns unless the user changes them in the dialog.
   */
  columns: readonly ReportColumnTitle[];
  /** Columns the list can show but does not now: offered in the dialog, not chosen. */
  otherColumns?: readonly ReportColumnTitle[] | undefined;
  /** The file name offered ('transakcije'); REPORT_DEFAULTS' 'report' when left out. */
  defaultName?: string | undefined;
  onClose: () => void;
};

const FIELDS: readonly FormField<ReportChoiceInput>[] = [
  { name: 'name', labelKey: 'report.name', kind: 'text', isRequired: true },
  {
    name: 'type',
    labelKey: 'report.type',
    kind: 'select',
    isRequired: true,
    options: REPORT_TYPES.map((type) => ({ value: type, labelKey: `report.types.${type}` as const })),
  },
  { name: 'show_all', labelKey: 'report.showAll', kind: 'checkbox' },
];

/**
 * The report download of any list (name, type, show all, which columns in what order). Like the
 * add/edit dialog, its form mounts when it opens, so it starts from the defaults and the list's
 * columns every time.
 */
export function ReportDialog(props: ReportDialogProps) {
  return (
    <FormDialogFrame isOpen={props.isOpen} onClose={props.onClose} width={450}>
      {(titleId) => <ReportForm {...props} titleId={titleId} />}
    </FormDialogFrame>
  );
}

function ReportForm({
  entity,
  request,
  columns,
  otherColumns = [],
  defaultName,
  onClose,
  titleId,
}: ReportDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(reportChoiceSchema, { error: validationErrorMap(currentLanguage()) }),
    defaultValues: {
      ...REPORT_DEFAULTS,
      name: defaultName ?? REPORT_DEFAULTS.name,
      columns: [
        ...columns.map(({ key, title }) => ({ key, title, isChosen: true })),
        ...otherColumns.map(({ key, title }) => ({ key, title, isChosen: false })),
      ],
    },
  });

  const download = useMutation({
    mutationFn: (choice: ReportChoiceInput) =>
      downloadReport(
        entity,
        request,
        { name: choice.name, type: choice.type, isAllRows: choice.show_all },
        choice.columns.filter((column) => column.isChosen).map(({ key, title }) => ({ key, title })),
      ),
    onSuccess: (fileName) => {
      feedback.showSuccess(t('report.downloaded', { fileName }));
      onClose();
    },
    // The HTTP client has opened the 'Greška' dialog; this one stays open to try again.
  });

  return (
    <DialogForm
      titleId={titleId}
      title={t('report.title')}
      control={form.control}
      fields={FIELDS}
      onSubmit={form.handleSubmit((choice) => download.mutate(choice))}
      onClose={onClose}
      submitButton={
        <Button
          type="submit"
          variant="contained"
          disabled={download.isPending}
          startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        >
          {download.isPending ? t('report.downloading') : t('report.download')}
        </Button>
      }
    >
      <Controller
        control={form.control}
        name="columns"
        render={({ field, fieldState }) => (
          <ReportColumnChooser
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message ?? fieldState.error?.root?.message}
          />
        )}
      />
    </DialogForm>
  );
}
