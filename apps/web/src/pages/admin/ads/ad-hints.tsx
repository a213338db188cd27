import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  type AdHint,
  type AdHints,
  AREA_ACCESS,
  AREA_PATHS,
  adPagePath,
  canAccess,
  type UserHint,
  userPagePath,
} from '@usluge/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/api-client.ts';
import { useCurrentUser } from '../../../auth/session-store.ts';

export const adHintsQueryKey = (id: number) => ['ad-hints', id] as const;

/** `GET /api/jobs/hints/{id}`: what may make the ad a duplicate or spam. */
export function fetchAdHints(id: number, signal?: AbortSignal) {
  // Beside the details, which say themselves when the ad cannot be read: no error dialog of its own.
  return api.get('/api/jobs/hints/{id}', { params: { id }, signal, isErrorDialogSuppressed: true });
}

/** The ads a user posted: for staff who may not open the user's own page. */
export const posterAdsHref = (id: number) => `${AREA_PATHS.ads}?f.posted_by_user_id=${id}`;

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A link to the other record, in a new tab: the moderator keeps the ad (and review mode) open here. */
function HintLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation();
  return (
    <Link href={href} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
      {children}
      <Box component="span" sx={hidden}>
        {` (${t('adHints.newTab')})`}
      </Box>
    </Link>
  );
}

type Group<T> = {
  key: keyof AdHints;
  items: readonly T[];
  render: (item: T) => { href: string; label: string; score: string; extra?: string };
};

function HintGroup<T extends { id: number }>({ group }: { group: Group<T> }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="body2" component="p" sx={{ fontWeight: 500 }}>
        {t(`adHints.groups.${group.key}`)}
      </Typography>
      {group.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t(`adHints.empty.${group.key}`)}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {group.items.map((item) => {
            const shown = group.render(item);
            return (
              <Typography component="li" variant="body2" key={item.id}>
                <HintLink href={shown.href}>{shown.label}</HintLink>
                {shown.extra && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` · ${shown.extra}`}
                  </Typography>
                )}{' '}
                <Chip component="span" size="small" variant="outlined" label={shown.score} sx={{ ml: 0.5 }} />
              </Typography>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * Hints that the ad may be a duplicate or spam (issue 19 item 5), in the details and in review
 * mode: similar ads, the poster's other recent ads, ads reusing a photo, accounts sharing the
 * poster's contact; each links to the other record. They only inform: nothing here acts.
 */
export function AdHintsSection({ adId, level }: { adId: number; level: 'h3' | 'h4' }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const user = useCurrentUser();
  // The other user's page where the role may open it (access.ts), else the ads they posted.
  const canOpenUserPage = canAccess(AREA_ACCESS.userPage, user?.roles.map((role) => role.id) ?? null);
  const hints = useQuery({
    queryKey: adHintsQueryKey(adId),
    queryFn: ({ signal }) => fetchAdHints(adId, signal),
    staleTime: 0,
  });
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'sr-Latn-ME', {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const adItem = (score: (hint: AdHint) => string) => (hint: AdHint) => ({
    href: adPagePath(hint.id),
    label: hint.title,
    score: score(hint),
  });
  const userItem = (hint: UserHint) => ({
    href: canOpenUserPage ? userPagePath(hint.id) : posterAdsHref(hint.id),
    label: hint.name,
    extra: hint.matched.map((match) => t(`adHints.matched.${match}`)).join(', '),
    score: t('adHints.score.contact', { n: hint.score }),
  });

  let body: ReactNode;
  if (hints.isPending) {
    body = <CircularProgress size={24} aria-label={t('adHints.loading')} />;
  } else if (hints.isError) {
    body = <Alert severity="warning">{t('adHints.loadFailed')}</Alert>;
  } else {
    const data = hints.data;
    const isEmpty = Object.values(data).every((list) => list.length === 0);
    body = isEmpty ? (
      <Typography variant="body2" color="text.secondary">
        {t('adHints.none')}
      </Typography>
    ) : (
      <Stack spacing={1.5}>
        <HintGroup
          group={{
            key: 'similar_ads',
            items: data.similar_ads,
            render: adItem((hint) => t('adHints.score.similar', { value: percent.format(hint.score) })),
          }}
        />
        <HintGroup
          group={{
            key: 'same_photo_ads',
            items: data.same_photo_ads,
            render: adItem((hint) => t('adHints.score.photo', { n: hint.score })),
          }}
        />
        <HintGroup
          group={{
            key: 'same_poster_ads',
            items: data.same_poster_ads,
            render: adItem((hint) => t('adHints.score.daysAgo', { n: hint.score })),
          }}
        />
        <HintGroup
          group={{ key: 'shared_contact_users', items: data.shared_contact_users, render: userItem }}
        />
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component={level} sx={{ mb: 0.5 }}>
        {t('adHints.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('adHints.intro')}
      </Typography>
      {body}
    </Box>
  );
}
