import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC.md section 9: png and jpeg, 2 MB at most (the server checks the bytes again). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_MAX_MB = 2;
const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;

/** Why a chosen file cannot be the image, as the server would say it; null when it can. */
export function imageFileProblem(file: File): 'form.imageType' | 'form.imageTooLarge' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'form.imageType';
  if (file.size > IMAGE_MAX_BYTES) return 'form.imageTooLarge';
  return null;
}

/** What the preview shows: a chosen file (through an object URL it frees again), or a URL. */
function usePreviewUrl(value: unknown): string | null {
  const objectUrl = useMemo(() => (value instanceof File ? URL.createObjectURL(value) : null), [value]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  if (objectUrl) return objectUrl;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * One png/jpeg image: a preview of the chosen or current image, the picker button, the hint
 * ('PNG ili JPEG, do 2 MB') and, once a new file is chosen, a button that goes back to the image
 * the form started with. A file of another type or over 2 MB is refused here with the server's words.
 * `isRemovable`: a stored image can be removed ('Ukloni sliku': the value becomes null, which the
 * form sends as its field's removeField), and kept again ('Vrati sliku') until the form is saved.
 */
export function ImageInput({
  label,
  hint,
  value,
  initialValue,
  isRemovable = false,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  /** A chosen File, the current image's URL, or null. */
  value: unknown;
  initialValue: unknown;
  /** The stored image may be removed (the field names a removeField). */
  isRemovable?: boolean;
  onChange: (value: unknown) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const helperId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(value);
  const message = error ?? problem;
  const isStored = (image: unknown) => typeof image === 'string' && image !== '';
  const isRemoved = isRemovable && value === null && isStored(initialValue);

  return (
    <Box role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
            bgcolor: 'action.hover',
          }}
        >
          {previewUrl ? (
            <Box
              component="img"
              src={previewUrl}
              alt={t('form.imagePreview')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageIcon color="disabled" aria-hidden />
          )}
        </Box>
        {/* biome-ignore lint/a11y/useValidAriaRole: role undefined removes ButtonBase's role="button" */}
        <Button
          component="label"
          // A label, not a second control around the input (axe: nested-interactive): ButtonBase
          // would make it role="button" and focusable.
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          startIcon={<UploadIcon />}
          // The input inside is the focusable control; the button shows where the focus is.
          sx={{ '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {t('form.chooseImage')}
          <input
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={helperId}
            aria-invalid={message !== null && message !== undefined}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file can be chosen again after a refusal or a reset.
              event.target.value = '';
              if (!file) return;
              const found = imageFileProblem(file);
              setProblem(found === null ? null : t(found, { max: IMAGE_MAX_MB }));
              if (found === null) onChange(file);
            }}
          />
        </Button>
        {(value instanceof File || isRemoved) && (
          <Button
            color="inherit"
            onClick={() => {
              setProblem(null);
              onChange(initialValue ?? null);
            }}
          >
            {t(isRemoved ? 'form.keepImage' : 'form.removeImage')}
          </Button>
        )}
        {isRemovable && isStored(value) && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => onChange(null)}>
            {t('form.deleteImage')}
          </Button>
        )}
      </Stack>
      <FormHelperText id={helperId} error={message !== null && message !== undefined}>
        {message ?? hint}
      </FormHelperText>
    </Box>
  );
}
