import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  AD_REVISION_FIELDS,
  type AdRevisionDiff,
  type AdRevisionField,
  type AdRevisionValue,
  formatMoney,
  isRevisionDiffEmpty,
} from '@usluge/contract';
import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/api-client.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { diffWords } from './word-diff.ts';

export const adRevisionDiffQueryKey = (id: number) => ['ad-revision-diff', id] as const;

/** `GET /api/jobs/revision-diff/{id}`: what changed since the ad's last approval. */
export function fetchAdRevisionDiff(id: number, signal?: AbortSignal) {
  // Beside the details, which say themselves when the ad cannot be read: no error dialog of its own.
  return api.get('/api/jobs/revision-diff/{id}', { params: { id }, signal, isErrorDialogSuppressed: true });
}

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const deletedSx = {
  textDecoration: 'line-through',
  bgcolor: (theme: Theme) => alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.3 : 0.12),
  color: 'text.primary',
  borderRadius: 0.5,
  px: 0.25,
} as const;
const insertedSx = {
  textDecoration: 'underline',
  bgcolor: (theme: Theme) => alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.3 : 0.15),
  color: 'text.primary',
  borderRadius: 0.5,
  px: 0.25,
} as const;

/** Deleted text: struck through, tinted, and said as deleted to a screen reader. */
function Deleted({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="del" sx={deletedSx}>
      <Box component="span" sx={hidden}>
        {`${t('ads.revisions.deletedStart')} `}
      </Box>
      {children}
      <Box component="span" sx={hidden}>
        {` ${t('ads.revisions.deletedEnd')}`}
      </Box>
    </Box>
  );
}

/** Inserted text: underlined, tinted, and said as inserted to a screen reader. */
function Inserted({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="ins" sx={insertedSx}>
      <Box component="span" sx={hidden}>
        {`${t('ads.revisions.insertedStart')} `}
      </Box>
      {children}
      <Box component="span" sx={hidden}>
        {` ${t('ads.revisions.insertedEnd')}`}
      </Box>
    </Box>
  );
}

/** A text field's change, word by word. */
function TextChange({ before, after }: { before: string; after: string }) {
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {diffWords(before, after).map((part, index) =>
        part.kind === 'same' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are in reading order and never move.
          <Fragment key={index}>{part.text}</Fragment>
        ) : part.kind === 'deleted' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Deleted key={index}>{part.text}</Deleted>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Inserted key={index}>{part.text}</Inserted>
        ),
      )}
    </Typography>
  );
}

/** A list's change: the lines removed and the lines added. */
function ListChange({ before, after }: { before: string[]; after: string[] }) {
  const { t } = useTranslation();
  const removed = before.filter((line) => !after.includes(line));
  const added = after.filter((line) => !before.includes(line));
  const group = (label: string, lines: string[], Mark: typeof Deleted) =>
    lines.length > 0 && (
      <Box>
        <Typography variant="body2" component="span" color="text.secondary">
          {label}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {lines.map((line) => (
            <Typography component="li" variant="body2" key={line} sx={{ overflowWrap: 'anywhere' }}>
              <Mark>{line}</Mark>
            </Typography>
          ))}
        </Box>
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {group(t('ads.revisions.removed'), removed, Deleted)}
      {group(t('ads.revisions.added'), added, Inserted)}
      {removed.length === 0 && added.length === 0 && (
        <Typography variant="body2">{t('ads.revisions.reordered')}</Typography>
      )}
    </Box>
  );
}

/** How a single value reads: a price as the contract writes money (no currency), a flag as yes/no. */
function useValueText(): (field: AdRevisionField, value: AdRevisionValue) => string {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (field, value) => {
    if (value === null || value === '') return t('ads.revisions.empty');
    if (typeof value === 'number') return formatMoney(value, null, language);
    if (typeof value === 'boolean') {
      if (field === 'is_offer') return value ? t('ads.offer') : t('ads.demand');
      return value ? t('ads.revisions.yes') : t('ads.revisions.no');
    }
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

function FieldChange({
  field,
  before,
  after,
}: {
  field: AdRevisionField;
  before: AdRevisionValue;
  after: AdRevisionValue;
}) {
  const valueText = useValueText();
  if (Array.isArray(before) || Array.isArray(after)) {
    return (
      <ListChange before={Array.isArray(before) ? before : []} after={Array.isArray(after) ? after : []} />
    );
  }
  if (
    (field === 'title' || field === 'description') &&
    typeof before !== 'number' &&
    typeof after !== 'number'
  ) {
    return <TextChange before={String(before ?? '')} after={String(after ?? '')} />;
  }
  return (
    <Typography variant="body2" component="span">
      <Deleted>{valueText(field, before)}</Deleted>
      <span aria-hidden> → </span>
      <Inserted>{valueText(field, after)}</Inserted>
    </Typography>
  );
}

/** Photos removed and added, side by side, as thumbnails. */
function PhotoChange({ photos }: { photos: AdRevisionDiff['photos'] }) {
  const { t } = useTranslation();
  const column = (
    label: string,
    urls: string[],
    altKey: 'photoRemoved' | 'photoAdded',
    isRemoved: boolean,
  ) => (
    <Box>
      <Typography variant="body2" component="span" color="text.secondary">
        {`${label} (${urls.length})`}
      </Typography>
      {urls.length > 0 && (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
            gap: 0.5,
            listStyle: 'none',
            m: 0,
            mt: 0.5,
            p: 0,
          }}
        >
          {urls.map((url, index) => (
            <li key={url}>
              <Box
                component="img"
                src={url}
                alt={t(`ads.revisions.${altKey}`, { n: index + 1 })}
                sx={{
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  display: 'block',
                  borderRadius: 1,
                  border: 2,
                  borderStyle: isRemoved ? 'dashed' : 'solid',
                  borderColor: isRemoved ? 'error.main' : 'success.main',
                  opacity: isRemoved ? 0.7 : 1,
                }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
      {column(t('ads.revisions.photosRemoved'), photos.removed, 'photoRemoved', true)}
      {column(t('ads.revisions.photosAdded'), photos.added, 'photoAdded', false)}
    </Box>
  );
}

/** The diff itself: each changed field (label, then what changed), then the photos. */
export function AdRevisionDiffView({ diff, level }: { diff: AdRevisionDiff; level: 'h3' | 'h4' }) {
  const { t } = useTranslation();
  const titleId = useId();
  const hasPhotos = diff.photos.added.length > 0 || diff.photos.removed.length > 0;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'warning.main', borderRadius: 1, p: 1.5 }}
    >
      <Typography id={titleId} variant="subtitle2" component={level}>
        {t('ads.revisions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('ads.revisions.intro')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, auto) 1fr' },
          columnGap: 2,
          rowGap: 1,
          m: 0,
        }}
      >
        {AD_REVISION_FIELDS.map((field) => {
          const change = diff.changed[field];
          if (!change) return null;
          return (
            <Fragment key={field}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {t(`ads.revisions.fields.${field}`)}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <FieldChange field={field} before={change.before} after={change.after} />
              </Box>
            </Fragment>
          );
        })}
        {hasPhotos && (
          <>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {t('ads.revisions.fields.photos')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <PhotoChange photos={diff.photos} />
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * The ad's changes since its last approval, where the moderator reads the ad (the details and
 * review mode); nothing while it loads, when it fails, or when nothing changed.
 */
export function AdRevisionDiffSection({ adId, level }: { adId: number; level: 'h3' | 'h4' }) {
  const diff = useQuery({
    queryKey: adRevisionDiffQueryKey(adId),
    queryFn: ({ signal }) => fetchAdRevisionDiff(adId, signal),
    staleTime: 0,
  });
  if (!diff.data || isRevisionDiffEmpty(diff.data)) return null;
  return <AdRevisionDiffView diff={diff.data} level={level} />;
}
