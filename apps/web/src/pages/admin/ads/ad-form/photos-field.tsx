import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AD_PHOTOS_MAX } from '@usluge/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_MB, IMAGE_TYPES } from '../../../../components/form/image-input.tsx';
import { acceptPhotos, canSwapPhotos, type PhotoItem, type PhotoRejection } from './ad-form-values.ts';

let nextKey = 0;

const keyOf = (photo: PhotoItem) => (photo.kind === 'kept' ? `kept-${photo.id}` : photo.key);

/** Frees the previews of chosen files once they leave the form. */
function useRevokeRemovedPreviews(photos: readonly PhotoItem[]) {
  const shown = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(photos.flatMap((photo) => (photo.kind === 'new' ? [photo.url] : [])));
    for (const url of shown.current) if (!now.has(url)) URL.revokeObjectURL(url);
    shown.current = now;
  }, [photos]);
  useEffect(
    () => () => {
      for (const url of shown.current) URL.revokeObjectURL(url);
    },
    [],
  );
}

/**
 * The ad's photos in order: previews, each removable and movable left or right, and a button that
 * adds png/jpeg files of 2 MB at most, up to AD_PHOTOS_MAX. A refused file is named with the
 * server's words under the field and nothing else changes.
 */
export function PhotosField({
  value,
  onChange,
  error,
}: {
  value: readonly PhotoItem[];
  onChange: (next: PhotoItem[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // After a move the focus follows the moved photo, so pressing again moves it further.
  const [moved, setMoved] = useState<{ key: string; direction: 'left' | 'right' } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const card = list.current?.querySelector(`[data-photo="${moved.key}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]:not(:disabled)`);
    (wanted ?? card?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    setMoved(null);
  }, [moved]);
  const labelId = useId();
  const hintId = useId();
  const [rejections, setRejections] = useState<PhotoRejection[]>([]);
  useRevokeRemovedPreviews(value);

  const rejectionText: Record<PhotoRejection, string> = {
    type: t('form.imageType'),
    size: t('form.imageTooLarge', { max: IMAGE_MAX_MB }),
    count: t('adForm.tooManyPhotos', { max: AD_PHOTOS_MAX }),
  };
  const messages = [...(error ? [error] : []), ...rejections.map((rejection) => rejectionText[rejection])];

  const add = (files: File[]) => {
    const { accepted, rejections: refused } = acceptPhotos(files, value.length);
    setRejections(refused);
    if (accepted.length === 0) return;
    onChange([
      ...value,
      ...accepted.map(
        (file): PhotoItem => ({ kind: 'new', key: `new-${nextKey++}`, file, url: URL.createObjectURL(file) }),
      ),
    ]);
  };
  const swap = (left: number, direction: 'left' | 'right') => {
    const next = [...value];
    const [first, second] = [next[left], next[left + 1]];
    if (!first || !second) return;
    next[left] = second;
    next[left + 1] = first;
    onChange(next);
    setMoved({ key: keyOf(direction === 'left' ? second : first), direction });
  };

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {t('adForm.photos')}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('adForm.photosHint', { max: AD_PHOTOS_MAX })}
      </Typography>
      <Box
        component="ol"
        ref={list}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
          gap: 1.5,
        }}
      >
        {value.map((photo, index) => {
          const n = index + 1;
          return (
            <Box
              component="li"
              key={keyOf(photo)}
              data-photo={keyOf(photo)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
            >
              <Box sx={{ position: 'relative' }}>
                <Box
                  component="img"
                  src={photo.url}
                  alt={
                    photo.kind === 'new'
                      ? `${t('adForm.photo', { n })} (${t('adForm.newPhoto')})`
                      : t('adForm.photo', { n })
                  }
                  sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
                />
                <Typography
                  variant="caption"
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    top: 4,
                    left: 4,
                    px: 0.75,
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    color: 'text.primary',
                  }}
                >
                  {photo.kind === 'new' ? `${n} · ${t('adForm.newPhoto')}` : n}
                </Typography>
              </Box>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 0.5 }}>
                <IconButton
                  size="small"
                  aria-label={t('adForm.movePhotoLeft', { n })}
                  disabled={index === 0 || !canSwapPhotos(value, index - 1)}
                  data-move="left"
                  onClick={() => swap(index - 1, 'left')}
                >
                  <ChevronLeftIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('adForm.movePhotoRight', { n })}
                  disabled={!canSwapPhotos(value, index)}
                  data-move="right"
                  onClick={() => swap(index, 'right')}
                >
                  <ChevronRightIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('adForm.removePhoto', { n })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
            </Box>
          );
        })}
      </Box>
      <Button
        variant="outlined"
        startIcon={<AddPhotoIcon />}
        disabled={value.length >= AD_PHOTOS_MAX}
        onClick={() => input.current?.click()}
        sx={{ mt: value.length > 0 ? 1.5 : 0 }}
      >
        {t('adForm.addPhotos')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        multiple
        hidden
        aria-label={t('adForm.addPhotos')}
        onChange={(event) => {
          add([...(event.target.files ?? [])]);
          // The same file may be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      {messages.map((message) => (
        <FormHelperText key={message} error role="alert">
          {message}
        </FormHelperText>
      ))}
    </Box>
  );
}
