import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type AdDetails, type AdRow, validationErrorMap } from '@usluge/contract';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Controller, get, type Path, type Resolver, useForm, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../../api/http-error.ts';
import { rowVersion, storeEntity, updateEntity } from '../../../../api/list-api.ts';
import { usePicker } from '../../../../api/use-picker.ts';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { withAmountFields } from '../../../../components/form/amount-fields.ts';
import { DialogForm, FormDialogFrame } from '../../../../components/form/dialog-form.tsx';
import { FormFieldInput } from '../../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../../components/form/form-types.ts';
import { SearchSelectInput } from '../../../../components/form/search-select-field.tsx';
import { useFormDraft } from '../../../../components/form/use-draft.ts';
import { useWriteConflict } from '../../../../components/form/use-write-conflict.ts';
import { useWriteMutation } from '../../../../components/form/use-write-mutation.ts';
import { WriteConflictNotice } from '../../../../components/form/write-conflict-notice.tsx';
import type { FormDialogProps, ResourceForm } from '../../../../components/list/resource-types.ts';
import type { TranslationKey } from '../../../../i18n/catalogue.ts';
import { currentLanguage } from '../../../../i18n/i18n.ts';
import { useSeededName } from '../../../../i18n/seeded-names.ts';
import { fetchAdDetails } from '../ads-api.ts';
import { useAdConflictChanges } from './ad-conflict-changes.tsx';
import {
  type AdFormOutput,
  type AdFormValues,
  adFormBody,
  adFormValuesSchema,
  EMPTY_AD_VALUES,
  shownFieldPaths,
  valuesFromDetails,
} from './ad-form-values.ts';
import { PhotosField } from './photos-field.tsx';
import { PlacesEditor } from './places-editor.tsx';
import { ServicesField } from './services-field.tsx';
import { TimeLocalization } from './time-input.tsx';
import { WorkingDaysEditor } from './working-days-editor.tsx';

/** SPEC.md 2: the ad's add/edit dialog is 800 px wide. */
const AD_FORM_WIDTH = 800;

const TEXT_FIELDS: readonly FormField<AdFormValues>[] = [
  { name: 'title', labelKey: 'adForm.title', kind: 'text', isRequired: true },
  { name: 'description', labelKey: 'adForm.description', kind: 'textarea' },
];
/** The poster, searched on the server by name as one types: the users table may be long. */
const USER_FIELD: FormField<AdFormValues> = {
  name: 'posted_by_user_id',
  labelKey: 'adForm.user',
  kind: 'search-select',
  picker: 'users',
  search: { filterKey: 'full_name', sortKey: 'full_name', optionLabel: (user) => String(user.full_name) },
  isRequired: true,
};
const CURRENCY_FIELD: FormField<AdFormValues> = {
  name: 'currency_id',
  labelKey: 'adForm.currency',
  kind: 'select',
  picker: 'currencies',
  isRequired: true,
};
const PRICE_FROM_FIELD: FormField<AdFormValues> = {
  name: 'price_from',
  labelKey: 'adForm.priceFrom',
  kind: 'amount',
  isRequired: true,
};
const PRICE_TO_FIELD: FormField<AdFormValues> = {
  name: 'price_to',
  labelKey: 'adForm.priceTo',
  kind: 'amount',
};

/** The generic fields a stale save's conflict shows from → now (the ad's own parts are described apart). */
const CONFLICT_FIELDS = [...TEXT_FIELDS, CURRENCY_FIELD, PRICE_FROM_FIELD, PRICE_TO_FIELD];

/** Server fields shown under another part of the form. */
const SHOWN_UNDER: Record<string, string> = { kept_photos: 'photos' };

/** The ad form: plugged into the ads list as its `form` (ResourceConfig). */
export const adForm: ResourceForm<AdRow> = {
  renderDialog: (props) => <AdFormDialog {...props} />,
};

/** The 800 px dialog (the whole screen of a phone) around the ad form. */
function AdFormDialog(props: FormDialogProps<AdRow>) {
  const { isOpen, onClose, row } = props;
  // While the dialog fades out the parent already passes row = null; keep the title steady.
  const shownRow = useRef(row);
  if (isOpen) shownRow.current = row;
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={AD_FORM_WIDTH} isFullScreenOnPhone>
      {(titleId) => (
        <TimeLocalization>
          {shownRow.current ? (
            <EditAdForm {...props} row={shownRow.current} titleId={titleId} />
          ) : (
            <AdFormBody {...props} row={null} details={null} titleId={titleId} />
          )}
        </TimeLocalization>
      )}
    </FormDialogFrame>
  );
}

type BodyProps = FormDialogProps<AdRow> & { titleId: string };

/** Editing starts from the ad as the server has it now (`GET /api/jobs/show/{id}`). */
function EditAdForm(props: BodyProps & { row: AdRow }) {
  const { t } = useTranslation();
  const details = useQuery({
    queryKey: ['ad-details', props.row.id],
    queryFn: ({ signal }) => fetchAdDetails(props.row.id, signal),
    staleTime: 0,
    gcTime: 0,
  });
  if (details.data) return <AdFormBody {...props} details={details.data} />;
  return (
    <>
      <DialogTitle id={props.titleId}>{t(props.messages.editTitle)}</DialogTitle>
      <DialogContent>
        {details.isError ? (
          <Typography color="error">{t('adForm.loadFailed')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </>
  );
}

/** A titled part of the form (places, working days). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ pt: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function AdFormBody({
  entity,
  row,
  details,
  messages,
  onClose,
  onSaved,
  titleId,
}: BodyProps & { details: AdDetails | null }) {
  const { t, i18n } = useTranslation();
  const form = useForm<AdFormValues, unknown, AdFormOutput>({
    resolver: withAmountFields(
      zodResolver(adFormValuesSchema, {
        error: validationErrorMap(currentLanguage()),
      }) as unknown as Resolver<AdFormValues, unknown, AdFormOutput>,
      [PRICE_FROM_FIELD.name, PRICE_TO_FIELD.name],
    ),
    defaultValues: details ? valuesFromDetails(details) : EMPTY_AD_VALUES,
  });
  // A draft kept when the session ended under this form comes back here (use-draft.ts); photos
  // chosen now are files, which a draft cannot hold.
  useFormDraft(form, {
    entity,
    row,
    toDraft: (values) => ({ ...values, photos: values.photos.filter((photo) => photo.kind === 'kept') }),
  });
  const { control } = form;
  const { errors } = useFormState({ control });
  const [isAllCountries, isAllWorkingDays] = useWatch({ control, name: ['allCountries', 'allWorkingDays'] });
  const days = usePicker('days', !isAllWorkingDays);
  const dayName = useSeededName('days');

  /** Contract messages come as keys ('validation.shift_overlap'); the rest are texts already. */
  const text = (message: unknown): string | undefined => {
    if (typeof message !== 'string' || message === '') return undefined;
    return message.startsWith('validation.') && i18n.exists(message) ? t(message as TranslationKey) : message;
  };
  const errorAt = (path: string) => text((get(errors, path) as { message?: unknown } | undefined)?.message);

  // Every version of the ad this form has read: names of what its values choose by id.
  const [readDetails, setReadDetails] = useState<AdDetails[]>(details ? [details] : []);
  // An edit sends the version it read; a stale one shows what changed (the generic mechanism).
  const conflict = useWriteConflict({
    form,
    startValues: details ? valuesFromDetails(details) : EMPTY_AD_VALUES,
    version: rowVersion(details),
    readCurrent: async () => {
      // The 409 answers the ad as the list shows it; the form needs all of it.
      const fresh = await fetchAdDetails(Number(row?.id));
      setReadDetails((read) => [...read, fresh]);
      return { values: valuesFromDetails(fresh), version: rowVersion(fresh) };
    },
  });
  const conflictChanges = useAdConflictChanges(conflict.conflict, CONFLICT_FIELDS, readDetails);

  const save = useWriteMutation({
    mutationFn: (values: AdFormOutput, idempotencyKey: string) => {
      const body = adFormBody(values, row !== null);
      // The form shows its fields' errors under them, and a stale save's conflict above them; only
      // other failures open the 'Greška' dialog.
      const options = {
        shownFields: shownFieldPaths(form.getValues()),
        isStaleWriteShown: true,
        idempotencyKey,
      };
      return row
        ? updateEntity(entity, row.id, body, 'POST', { ...options, version: conflict.version })
        : storeEntity(entity, body, options);
    },
    onSuccess: () => {
      feedback.showSuccess(row ? t(messages.updated) : t(messages.created));
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof HttpError) || conflict.catchStale(error)) return;
      for (const [field, fieldMessages] of Object.entries(error.fieldErrors)) {
        if (fieldMessages[0]) {
          form.setError((SHOWN_UNDER[field] ?? field) as Path<AdFormValues>, {
            type: 'server',
            message: fieldMessages[0],
          });
        }
      }
    },
  });

  return (
    <DialogForm
      titleId={titleId}
      title={row ? t(messages.editTitle) : t(messages.addTitle)}
      control={control}
      fields={TEXT_FIELDS}
      onSubmit={form.handleSubmit((values) => save.submit(values))}
      onClose={onClose}
      notice={<WriteConflictNotice state={conflict} changes={conflictChanges} />}
      submitButton={
        <Button type="submit" variant="contained" disabled={save.isPending || conflict.isBlocking}>
          {t('common.save')}
        </Button>
      }
    >
      <Controller
        control={control}
        name="is_offer"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('adForm.kind')}</FormLabel>
            <RadioGroup
              row
              name={field.name}
              value={field.value ? 'offer' : 'demand'}
              onChange={(event) => field.onChange(event.target.value === 'offer')}
              onBlur={field.onBlur}
            >
              <FormControlLabel value="offer" control={<Radio />} label={t('adForm.offer')} />
              <FormControlLabel value="demand" control={<Radio />} label={t('adForm.demand')} />
            </RadioGroup>
          </Box>
        )}
      />
      <Controller
        control={control}
        name="services"
        render={({ field, fieldState }) => (
          <ServicesField
            value={field.value}
            known={readDetails.flatMap((read) => read.services)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={text(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="posted_by_user_id"
        render={({ field, fieldState }) => (
          <SearchSelectInput
            field={USER_FIELD}
            value={field.value}
            knownChoices={readDetails.map((read) => ({ id: read.posted_by_user_id, label: read.user_name }))}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={text(fieldState.error?.message)}
            hint={t('adForm.userHint')}
          />
        )}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          gap: 2,
        }}
      >
        {[CURRENCY_FIELD, PRICE_FROM_FIELD, PRICE_TO_FIELD].map((priceField) => (
          <Controller
            key={priceField.name}
            control={control}
            name={priceField.name}
            render={({ field, fieldState }) => (
              <FormFieldInput
                field={priceField}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </Box>

      <Section title={t('adForm.places')}>
        <Controller
          control={control}
          name="allCountries"
          render={({ field }) => (
            <FormControlLabel
              label={t('adForm.allCountries')}
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    // Switching off starts with a row to fill in.
                    if (!event.target.checked && form.getValues('places').length === 0) {
                      form.setValue('places', [{ os_country_id: '', cities: [] }], { shouldDirty: true });
                    }
                  }}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
        {isAllCountries ? (
          <FormHelperText sx={{ mt: 0 }}>{t('adForm.allCountriesHint')}</FormHelperText>
        ) : (
          <Controller
            control={control}
            name="places"
            render={({ field }) => (
              <Box sx={{ mt: 1 }}>
                <PlacesEditor
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  errorOf={(index, name) => errorAt(`places.${index}.${name}`)}
                />
                {errorAt('places') && <FormHelperText error>{errorAt('places')}</FormHelperText>}
              </Box>
            )}
          />
        )}
      </Section>

      <Section title={t('adForm.workingDays')}>
        <Controller
          control={control}
          name="allWorkingDays"
          render={({ field }) => (
            <FormControlLabel
              label={t('adForm.allWorkingDays')}
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
        {isAllWorkingDays ? (
          <FormHelperText sx={{ mt: 0 }}>{t('adForm.allWorkingDaysHint')}</FormHelperText>
        ) : (
          <Controller
            control={control}
            name="ad_days"
            render={({ field }) => (
              <Box sx={{ mt: 1 }}>
                {days.isPending ? (
                  <CircularProgress size={24} aria-label={t('common.loading')} />
                ) : (
                  <WorkingDaysEditor
                    // Weekday order, whatever order the picker answers in.
                    days={(days.data ?? [])
                      .map((day) => ({ id: Number(day.id), name: dayName(day) }))
                      .sort((a, b) => a.id - b.id)}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    errorOf={(dayIndex, shiftIndex, name) =>
                      errorAt(`ad_days.${dayIndex}.times.${shiftIndex}.${name}`)
                    }
                  />
                )}
                {errorAt('ad_days') && <FormHelperText error>{errorAt('ad_days')}</FormHelperText>}
              </Box>
            )}
          />
        )}
      </Section>

      <Controller
        control={control}
        name="photos"
        render={({ field, fieldState }) => (
          <Stack sx={{ pt: 1 }}>
            <PhotosField
              value={field.value}
              onChange={field.onChange}
              error={text(fieldState.error?.message)}
            />
          </Stack>
        )}
      />
    </DialogForm>
  );
}
