import { zodResolver } from '@hookform/resolvers/zod';
import ApproveIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import RejectIcon from '@mui/icons-material/HighlightOff';
import SkipIcon from '@mui/icons-material/SkipNext';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import {
  AD_STATUS,
  type AdRow,
  type ListRequest,
  type StatusChange,
  type StatusChangeValues,
  statusChangeSchema,
  validationErrorMap,
} from '@usluge/contract';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { FormFieldInput } from '../../../components/form/form-field-input.tsx';
import type { FormField } from '../../../components/form/form-types.ts';
import { useOpenDialog } from '../../../components/form/open-dialogs.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { AdDetailsView, useAdDetails } from './ad-details.tsx';
import {
  type AdStatusChangeBody,
  adDetailsQueryKey,
  changeAdStatus,
  fetchAdDetails,
  fetchWaitingAds,
} from './ads-api.ts';
import { EditedChip } from './edited-chip.tsx';
import { RejectionReasonPicker } from './rejection-reason-picker.tsx';
import { claimForReview, useAdClaim } from './use-ad-claim.ts';

/** Waiting ads read per request while looking for the next one. */
const QUEUE_PAGE_SIZE = 50;

/** The keys of the review (the same in both languages, shown on the buttons). */
export const REVIEW_KEYS = { approve: 'a', reject: 'r', skip: 's' } as const;

type QueueState = { kind: 'loading' } | { kind: 'error' } | { kind: 'done' } | { kind: 'ready'; ad: AdRow };

/**
 * The review queue: the waiting ads, oldest first, one at a time. An ad shown once (decided or
 * skipped) is not offered again in this review; decided ads leave the waiting list by themselves,
 * so the search for the next one starts again from the first page.
 */
function useReviewQueue(filters: ListRequest['filters']) {
  // Read when the next page is fetched: the filters are those of the list the review opened over.
  const latestFilters = useRef(filters);
  latestFilters.current = filters;
  const queryClient = useQueryClient();
  const [state, setState] = useState<QueueState>({ kind: 'loading' });
  const [waitingCount, setWaitingCount] = useState(0);
  const shown = useRef(new Set<number>());
  const candidates = useRef<AdRow[]>([]);

  const advance = useCallback(async () => {
    const nextCandidate = () => candidates.current.find((ad) => !shown.current.has(Number(ad.id)));
    setState({ kind: 'loading' });
    try {
      // Until an ad is claimed for this review (one someone else reviews is skipped) or none is left.
      for (;;) {
        let next = nextCandidate();
        for (let page = 1; next === undefined; page += 1) {
          const answer = await fetchWaitingAds(latestFilters.current, page, QUEUE_PAGE_SIZE);
          setWaitingCount(answer.total_rows);
          candidates.current = answer.result;
          next = nextCandidate();
          if (answer.result.length < QUEUE_PAGE_SIZE) break;
        }
        if (next === undefined) {
          setState({ kind: 'done' });
          return;
        }
        shown.current.add(Number(next.id));
        if (!(await claimForReview(Number(next.id)))) continue;
        setState({ kind: 'ready', ad: next });
        // The following ad's details load while this one is read.
        const following = nextCandidate();
        if (following) {
          const id = Number(following.id);
          void queryClient.prefetchQuery({
            queryKey: adDetailsQueryKey(id),
            queryFn: ({ signal }) => fetchAdDetails(id, signal),
          });
        }
        return;
      }
    } catch {
      setState({ kind: 'error' });
    }
  }, [queryClient]);

  return {
    state,
    waitingCount,
    advance,
    /** The ad left the waiting list (decided here): one fewer waiting. */
    onDecided: () => setWaitingCount((count) => Math.max(0, count - 1)),
  };
}

/** A text field, a text area or anything editable: typing there is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function ShortcutButton({
  shortcut,
  children,
  ...props
}: {
  shortcut: string;
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'error' | 'inherit' | 'success';
  startIcon?: ReactNode;
}) {
  const { t } = useTranslation();
  const key = shortcut.toUpperCase();
  return (
    <Button
      {...props}
      aria-keyshortcuts={key}
      title={t('ads.review.shortcutHint', { key })}
      endIcon={
        <Box
          component="kbd"
          aria-hidden
          sx={{
            fontFamily: 'monospace',
            fontSize: '0.75rem',
            lineHeight: 1,
            px: 0.75,
            py: 0.25,
            border: 1,
            borderRadius: 0.5,
            borderColor: 'currentColor',
            opacity: 0.85,
          }}
        >
          {key}
        </Box>
      }
    >
      {children}
    </Button>
  );
}

const REASON_FIELD: FormField<StatusChange> = {
  name: 'status_comment',
  labelKey: 'ads.review.reason',
  kind: 'textarea',
  // A template picked below is a reason too: the comment alone is not required.
  isRequired: false,
};

/**
 * The review mode of ads on approval: one waiting ad's details at a time with Approve, Reject
 * (with a reason; Ctrl+Enter confirms it) and Skip, by button or key (A, R, S; not while typing the
 * reason), moving on to the next ad of the queue, oldest first. A decision names the status the
 * moderator saw: if someone decided first, the server's message opens the error dialog and the
 * review moves on.
 */
/** Review mode over the waiting ads matching `filters` (the list's, as the screen applies them). */
export function ReviewDialog({
  isOpen,
  onClose,
  filters,
}: {
  isOpen: boolean;
  onClose: () => void;
  filters: ListRequest['filters'];
}) {
  const titleId = useId();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [isLightboxOpen, setLightboxOpen] = useState(false);
  const escapeHandler = useRef<() => boolean>(() => false);
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  // Escape closes the lightbox, then the reason field, then the review; the browser's Back does
  // the same, but leaves an open lightbox alone.
  const requestClose = () => {
    if (isLightboxOpen || escapeHandler.current()) return;
    onClose();
  };
  useOpenDialog(isOpen, requestClose);
  return (
    <Dialog
      open={isOpen}
      // The keys act anywhere in the review (the focus stays inside the dialog).
      onKeyDown={(event) => keyHandler.current(event)}
      onClose={requestClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={isPhone}
      disableEnforceFocus={isLightboxOpen}
      slotProps={{
        paper: { sx: { maxWidth: isPhone ? undefined : 850, height: isPhone ? undefined : '90vh' } },
      }}
    >
      <ReviewBody
        filters={filters}
        titleId={titleId}
        onClose={onClose}
        isLightboxOpen={isLightboxOpen}
        onLightboxChange={setLightboxOpen}
        escapeHandler={escapeHandler}
        keyHandler={keyHandler}
      />
    </Dialog>
  );
}

function ReviewBody({
  filters,
  titleId,
  onClose,
  isLightboxOpen,
  onLightboxChange,
  escapeHandler,
  keyHandler,
}: {
  filters: ListRequest['filters'];
  titleId: string;
  onClose: () => void;
  isLightboxOpen: boolean;
  onLightboxChange: (isOpen: boolean) => void;
  escapeHandler: { current: () => boolean };
  keyHandler: { current: (event: KeyboardEvent) => void };
}) {
  const { t } = useTranslation();
  const queue = useReviewQueue(filters);
  const { advance } = queue;
  const ad = queue.state.kind === 'ready' ? queue.state.ad : null;
  const details = useAdDetails(ad === null ? null : Number(ad.id));
  // The ad under review is claimed: renewed while open, released on decision or close.
  useAdClaim(ad === null ? null : Number(ad.id));
  const [isRejecting, setRejecting] = useState(false);
  const [lastDecision, setLastDecision] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const reasonForm = useForm<StatusChange, unknown, StatusChangeValues>({
    resolver: zodResolver(statusChangeSchema, { error: validationErrorMap(currentLanguage()) }) as never,
    defaultValues: { ad_status_id: AD_STATUS.rejected, status_comment: '', reason_ids: [] },
  });

  useEffect(() => {
    void advance();
  }, [advance]);

  // A new ad: its title has the focus, so a screen reader reads it and the keys work at once.
  const adId = ad?.id;
  useEffect(() => {
    if (adId !== undefined && details.isSuccess) headingRef.current?.focus();
  }, [adId, details.isSuccess]);

  /** Back from the reason to the ad, whose title takes the focus again so the keys work. */
  const stopRejecting = () => {
    setRejecting(false);
    headingRef.current?.focus();
  };

  escapeHandler.current = () => {
    if (!isRejecting) return false;
    stopRejecting();
    return true;
  };

  const moveOn = () => {
    // The decision unmounts what had the focus (the reason, the buttons) and the next ad loads
    // in its place: the region keeps it meanwhile, so Escape and the keys are still heard.
    contentRef.current?.focus();
    setRejecting(false);
    reasonForm.reset();
    // A decision on the next ad is another action: another Idempotency-Key.
    decide.renewKey();
    void advance();
  };

  const decide = useWriteMutation({
    mutationFn: ({ id, change }: { id: number; change: AdStatusChangeBody }, idempotencyKey: string) =>
      changeAdStatus(id, change, idempotencyKey),
    onSuccess: (changed) => {
      queue.onDecided();
      // Said inside the review: a snackbar behind the dialog is hidden from screen readers.
      setLastDecision(
        changed.status.id === AD_STATUS.approved
          ? t('ads.review.approved', { title: changed.title })
          : t('ads.review.rejected', { title: changed.title }),
      );
      moveOn();
    },
    onError: (error) => {
      const reasonError = error instanceof HttpError ? error.fieldErrors.status_comment?.[0] : undefined;
      if (reasonError) {
        reasonForm.setError('status_comment', { type: 'server', message: reasonError });
        return;
      }
      const templatesError = error instanceof HttpError ? error.fieldErrors.reason_ids?.[0] : undefined;
      if (templatesError) {
        reasonForm.setError('reason_ids', { type: 'server', message: templatesError });
        return;
      }
      // Someone decided first: the error dialog says so, and the review goes on with the next ad.
      if (error instanceof HttpError && (error.status === 409 || error.status === 422)) moveOn();
    },
  });

  const seenStatusId = details.data?.status.id ?? ad?.status.id ?? AD_STATUS.awaitingApproval;
  // The version of the ad as the moderator read it (its details, shown).
  const seenVersion = details.data?.updated_at ?? ad?.updated_at;
  const canDecide = ad !== null && details.isSuccess && !decide.isPending;
  const approve = () => {
    if (!canDecide || ad === null) return;
    decide.submit({
      id: Number(ad.id),
      change: {
        ad_status_id: AD_STATUS.approved,
        status_comment: null,
        from_status_id: seenStatusId,
        updated_at: seenVersion,
      },
    });
  };
  const startRejecting = () => {
    if (canDecide) setRejecting(true);
  };
  const reject = reasonForm.handleSubmit((values) => {
    if (!canDecide || ad === null) return;
    decide.submit({
      id: Number(ad.id),
      change: {
        ad_status_id: AD_STATUS.rejected,
        status_comment: values.status_comment,
        reason_ids: values.reason_ids ?? [],
        from_status_id: seenStatusId,
        updated_at: seenVersion,
      },
    });
  });
  const skip = () => {
    if (ad === null || decide.isPending) return;
    setLastDecision(t('ads.review.skipped', { title: ad.title }));
    moveOn();
  };

  keyHandler.current = (event) => {
    // Ctrl+Enter (⌘+Enter) confirms the rejection from the reason field, as the button does.
    if (isRejecting && !isLightboxOpen && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!event.repeat) void reject();
      return;
    }
    if (isLightboxOpen || isRejecting || isTyping(event.target)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const key = event.key.toLowerCase();
    const action =
      key === REVIEW_KEYS.approve
        ? approve
        : key === REVIEW_KEYS.reject
          ? startRejecting
          : key === REVIEW_KEYS.skip
            ? skip
            : null;
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <>
      <DialogTitle id={titleId} sx={{ pb: 0 }}>
        {t('ads.review.title')}
      </DialogTitle>
      <Box sx={{ px: 3, pb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('ads.review.waiting', { count: queue.waitingCount })} · {t('ads.review.shortcuts')}
        </Typography>
        <Typography role="status" variant="body2" sx={{ color: 'success.main', minHeight: '1.43em' }}>
          {lastDecision}
        </Typography>
      </Box>
      {/* A long ad scrolls here: the region takes the focus, so the arrow keys scroll it. */}
      <DialogContent ref={contentRef} dividers tabIndex={0} role="region" aria-label={t('ads.review.title')}>
        {queue.state.kind === 'loading' || (ad !== null && details.isPending) ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : queue.state.kind === 'error' || details.isError ? (
          <Alert severity="error">{t('ads.details.loadFailed')}</Alert>
        ) : queue.state.kind === 'done' ? (
          <Stack spacing={1} sx={{ py: 4, textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              {t('ads.review.done')}
            </Typography>
            <Typography color="text.secondary">{t('ads.review.doneText')}</Typography>
          </Stack>
        ) : details.data ? (
          <Stack spacing={2}>
            {/* The mark beside the heading, not in it: the heading's name stays the ad's title. */}
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <Typography
                ref={headingRef}
                tabIndex={-1}
                variant="h6"
                component="h3"
                sx={{ overflowWrap: 'anywhere', outline: 'none' }}
              >
                {details.data.title}
              </Typography>
              <EditedChip editedAt={details.data.edited_at} isTimeShown />
            </Stack>
            <AdDetailsView ad={details.data} onLightboxChange={onLightboxChange} sectionLevel="h4" />
          </Stack>
        ) : null}
      </DialogContent>
      {isRejecting && (
        <Box component="form" noValidate onSubmit={reject} sx={{ px: 3, pt: 2 }}>
          <Controller
            control={reasonForm.control}
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
          <Box sx={{ pt: 2 }}>
            <Controller
              control={reasonForm.control}
              name="reason_ids"
              render={({ field, fieldState }) => (
                <RejectionReasonPicker
                  // The schema's input type of a preprocessed list is unknown; the form only holds ids.
                  value={(field.value as number[] | undefined) ?? []}
                  onChange={field.onChange}
                  {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
                />
              )}
            />
          </Box>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', pt: 1 }}>
            <Button onClick={stopRejecting}>{t('ads.review.back')}</Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={!canDecide}
              aria-keyshortcuts="Control+Enter"
              title={t('ads.review.shortcutHint', { key: 'Ctrl+Enter' })}
              startIcon={decide.isPending ? <CircularProgress size={16} color="inherit" /> : <RejectIcon />}
            >
              {t('ads.review.confirmReject')}
            </Button>
          </Stack>
        </Box>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onClose} sx={{ mr: 'auto' }}>
          {t('ads.review.close')}
        </Button>
        {!isRejecting && queue.state.kind === 'ready' && (
          <>
            <ShortcutButton
              shortcut={REVIEW_KEYS.skip}
              onClick={skip}
              disabled={decide.isPending}
              startIcon={<SkipIcon />}
            >
              {t('ads.review.skip')}
            </ShortcutButton>
            <ShortcutButton
              shortcut={REVIEW_KEYS.reject}
              onClick={startRejecting}
              disabled={!canDecide}
              variant="outlined"
              color="error"
              startIcon={<RejectIcon />}
            >
              {t('ads.review.reject')}
            </ShortcutButton>
            <ShortcutButton
              shortcut={REVIEW_KEYS.approve}
              onClick={approve}
              disabled={!canDecide}
              variant="contained"
              color="success"
              startIcon={decide.isPending ? <CircularProgress size={16} color="inherit" /> : <ApproveIcon />}
            >
              {t('ads.review.approve')}
            </ShortcutButton>
          </>
        )}
      </DialogActions>
    </>
  );
}
