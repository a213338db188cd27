import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import {
  type AdDetails,
  type AdRow,
  AREA_ACCESS,
  canAccess,
  formatDateTime,
  formatMoney,
  userPagePath,
} from '@usluge/contract';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../auth/session-store.ts';
import { AuditTimelineSection } from '../../../components/audit/audit-timeline-section.tsx';
import { useOpenDialog } from '../../../components/form/open-dialogs.ts';
import { type Fact, FactList } from '../../../components/layout/fact-list.tsx';
import type { RowActionDialogProps } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useDayName } from '../../../i18n/seeded-names.ts';
import { ReportAdButton } from '../ad-reports/report-ad-dialog.tsx';
import { AdHintsSection } from './ad-hints.tsx';
import { AdPhotos } from './ad-photos.tsx';
import { AdRevisionDiffSection } from './ad-revision-diff.tsx';
import { AdStatusChip, useStatusName } from './ad-status.tsx';
import { adDetailsQueryKey, fetchAdDetails } from './ads-api.ts';

/** '50,00 €' / '€50.00': the contract's money format in the interface language, kept current. */
export function useMoney(): (amount: number, currency: AdRow['currency']) => string {
  // Subscribes to language changes; currentLanguage() narrows i18n's tag to a product language.
  useTranslation();
  const language = currentLanguage();
  return (amount, currency) => formatMoney(amount, currency, language);
}

/** '50,00 € – 120,00 €', or 'od 50,00 €' without an upper price. */
export function usePriceRange(): (ad: Pick<AdRow, 'price_from' | 'price_to' | 'currency'>) => string {
  const { t } = useTranslation();
  const money = useMoney();
  return (ad) =>
    ad.price_to === null
      ? t('ads.details.priceFrom', { price: money(ad.price_from, ad.currency) })
      : `${money(ad.price_from, ad.currency)} – ${money(ad.price_to, ad.currency)}`;
}

/** The ad's details, loaded once per ad and kept while the same ad is shown again. */
export function useAdDetails(id: number | null, options: { isErrorDialogSuppressed?: boolean } = {}) {
  return useQuery({
    queryKey: adDetailsQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchAdDetails(id ?? 0, signal, options),
    enabled: id !== null,
    staleTime: 0,
  });
}

function Section({ title, level, children }: { title: string; level: SectionLevel; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component={level} sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** h3 under a section's or a dialog's title, h4 where the ad's title is itself an h3 (the review). */
type SectionLevel = 'h3' | 'h4';

/** The poster's name: a link to their page for whoever may open it (administrators), else text. */
export function PosterName({ id, name }: { id: number; name: string }) {
  const user = useCurrentUser();
  const canOpen = canAccess(AREA_ACCESS.userPage, user?.roles.map((role) => role.id) ?? null);
  if (!canOpen) return name;
  return (
    <Link component={RouterLink} to={userPagePath(id)}>
      {name}
    </Link>
  );
}

/**
 * Everything `GET /api/jobs/show/{id}` answers: kind, status, price, currency, poster, last change
 * to the minute, description, services, places, working days with shifts, photos (lightbox) and
 * the status history (who, when, from, to, reason).
 */
export function AdDetailsView({
  ad,
  onLightboxChange,
  sectionLevel = 'h3',
}: {
  ad: AdDetails;
  onLightboxChange: (isOpen: boolean) => void;
  /** h3 under the dialog's title; h4 where the ad's title is itself an h3 (the review). */
  sectionLevel?: SectionLevel;
}) {
  const { t } = useTranslation();
  const priceRange = usePriceRange();
  const statusName = useStatusName();
  const dayName = useDayName();
  const facts: Fact[] = [
    { label: t('ads.columns.kind'), value: ad.is_offer ? t('ads.offer') : t('ads.demand') },
    { label: t('ads.details.status'), value: <AdStatusChip status={ad.status} /> },
    { label: t('ads.details.priceRange'), value: priceRange(ad) },
    {
      label: t('ads.details.currency'),
      value: `${ad.currency.short_name}${ad.currency.sign ? ` (${ad.currency.sign})` : ''}`,
    },
    { label: t('ads.details.poster'), value: <PosterName id={ad.posted_by_user_id} name={ad.user_name} /> },
    { label: t('ads.details.updatedAt'), value: formatDateTime(new Date(ad.updated_at)) },
  ];
  if (ad.status_comment) facts.push({ label: t('ads.details.statusComment'), value: ad.status_comment });

  return (
    <Stack spacing={2.5}>
      {/* What changed since the last approval (issue 19), here and in review mode alike. */}
      <AdRevisionDiffSection adId={Number(ad.id)} level={sectionLevel} />
      {/* Duplicate and spam hints (issue 19), here and in review mode alike. */}
      <AdHintsSection adId={Number(ad.id)} level={sectionLevel} />
      <FactList facts={facts} />

      <Section level={sectionLevel} title={t('ads.details.description')}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ad.description || t('ads.details.noDescription')}
        </Typography>
      </Section>

      <Section level={sectionLevel} title={t('ads.details.services')}>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {ad.services.map((service) => (
            <Chip key={service.id} size="small" variant="outlined" label={service.name} />
          ))}
        </Stack>
      </Section>

      <Section level={sectionLevel} title={t('ads.details.places')}>
        {ad.all_countries || ad.places.length === 0 ? (
          <Typography variant="body2">{t('ads.details.allCountries')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {ad.places.map((place) => (
              <Typography component="li" variant="body2" key={place.os_country_id}>
                <strong>{place.name}</strong>:{' '}
                {place.cities.length === 0
                  ? t('ads.details.wholeCountry')
                  : place.cities.map((city) => city.name).join(', ')}
              </Typography>
            ))}
          </Box>
        )}
      </Section>

      <Section level={sectionLevel} title={t('ads.details.workingDays')}>
        {ad.all_working_days || ad.ad_days.length === 0 ? (
          <Typography variant="body2">{t('ads.details.allWorkingDays')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {ad.ad_days.map((day) => (
              <Typography component="li" variant="body2" key={day.day_id}>
                <strong>{dayName(day)}</strong>:{' '}
                {day.times.length === 0
                  ? t('ads.details.noTimes')
                  : day.times.map((shift) => `${shift.start_at}–${shift.stop_at}`).join(', ')}
              </Typography>
            ))}
          </Box>
        )}
      </Section>

      <Section level={sectionLevel} title={t('ads.details.photos')}>
        <AdPhotos title={ad.title} photos={ad.photos} onLightboxChange={onLightboxChange} />
      </Section>

      <Section level={sectionLevel} title={t('ads.details.history')}>
        {ad.status_history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('ads.details.noHistory')}
          </Typography>
        ) : (
          <Stack
            component="ol"
            divider={<Divider component="li" aria-hidden />}
            spacing={1}
            sx={{ m: 0, p: 0, listStyle: 'none' }}
          >
            {[...ad.status_history].reverse().map((entry) => (
              <Box component="li" key={`${entry.created_at}-${entry.to.id}`}>
                <Typography variant="body2">
                  <time dateTime={new Date(entry.created_at).toISOString()}>
                    {formatDateTime(new Date(entry.created_at))}
                  </time>
                  {entry.changed_by ? ` · ${entry.changed_by}` : ''}
                </Typography>
                <Typography variant="body2">
                  {entry.from ? `${statusName(entry.from)} → ` : ''}
                  <strong>{statusName(entry.to)}</strong>
                </Typography>
                {entry.reason && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('ads.details.historyReason')}: {entry.reason}
                  </Typography>
                )}
                {entry.statement && (
                  // What the poster was sent (issue 19), folded: it is several paragraphs long.
                  <Box component="details" sx={{ mt: 0.5 }}>
                    <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
                      {t('rejectionReasons.statement')}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', pt: 0.5 }}
                    >
                      {entry.statement}
                    </Typography>
                  </Box>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Section>

      <Section level={sectionLevel} title={t('audit.timeline.title')}>
        <AuditTimelineSection recordType="jobs" recordId={Number(ad.id)} />
      </Section>
    </Stack>
  );
}

/** Loading, failure or the details of one ad. */
export function AdDetailsContent({
  id,
  onLightboxChange,
}: {
  id: number;
  onLightboxChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation();
  const details = useAdDetails(id);
  if (details.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  if (details.isError) return <Alert severity="error">{t('ads.details.loadFailed')}</Alert>;
  return <AdDetailsView ad={details.data} onLightboxChange={onLightboxChange} />;
}

/** The details row action: a dialog (850 px; the whole screen of a phone) with the ad's details. */
export function AdDetailsDialog({ row, isOpen, onClose }: RowActionDialogProps<AdRow>) {
  const { t } = useTranslation();
  const titleId = useId();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [isLightboxOpen, setLightboxOpen] = useState(false);
  // Escape in the lightbox closes the lightbox only (the browser's Back there, nothing); outside
  // it, either closes the dialog.
  const requestClose = () => {
    if (!isLightboxOpen) onClose();
  };
  useOpenDialog(isOpen, requestClose);
  return (
    <Dialog
      open={isOpen}
      onClose={requestClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={isPhone}
      // The lightbox lies over the dialog and holds the focus while it is open.
      disableEnforceFocus={isLightboxOpen}
      slotProps={{ paper: { sx: { maxWidth: isPhone ? undefined : 850 } } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        <Typography variant="overline" component="span" sx={{ display: 'block', lineHeight: 1.5 }}>
          {t('ads.details.title')}
        </Typography>
        {row.title}
      </DialogTitle>
      {/* A long ad scrolls here: the region takes the focus, so the arrow keys scroll it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label={t('ads.details.title')}>
        <AdDetailsContent id={Number(row.id)} onLightboxChange={setLightboxOpen} />
      </DialogContent>
      <DialogActions>
        <ReportAdButton adId={Number(row.id)} title={row.title} />
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
