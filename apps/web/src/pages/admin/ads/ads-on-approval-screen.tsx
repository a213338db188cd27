import ReviewIcon from '@mui/icons-material/FactCheck';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { buildListRequest, readListState, writeListState } from '../../../components/list/list-state.ts';
import { ADS_ENTITY } from './ads-api.ts';
import { adsOnApprovalResource, WAITING_STATUS_FILTER } from './ads-resource.tsx';
import { ReviewDialog } from './review-dialog.tsx';

/**
 * Route loader of `/ads-on-approval`: an address without the 'Čeka odobrenje' filter (the menu's
 * link, cleared filters) is redirected to the one with it inside the same navigation, so the list
 * never renders unfixed. Fixing it from the screen instead took a second navigation after the first
 * render, and a menu item clicked in between had its page replaced under the user.
 */
export function adsOnApprovalLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  const url = new URL(request.url);
  const state = readListState(adsOnApprovalResource, url.searchParams);
  if (state.filters.status === WAITING_STATUS_FILTER) return null;
  const fixed = { ...state, filters: { ...state.filters, status: WAITING_STATUS_FILTER } };
  throw redirect(`${url.pathname}?${writeListState(adsOnApprovalResource, fixed, url.searchParams)}`);
}

/** `/ads-on-approval`: the ads list fixed to 'Čeka odobrenje' (adsOnApprovalLoader), and the review mode. */
export function AdsOnApprovalScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isReviewing, setReviewing] = useState(false);
  const [params] = useSearchParams();
  // Review mode goes through what the list shows: a queue narrowed by its filters stays narrowed.
  const { filters } = buildListRequest(adsOnApprovalResource, readListState(adsOnApprovalResource, params));
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<ReviewIcon />} onClick={() => setReviewing(true)}>
          {t('ads.review.open')}
        </Button>
      </Stack>
      <ListScreen resource={adsOnApprovalResource} />
      <ReviewDialog
        filters={filters}
        isOpen={isReviewing}
        onClose={() => {
          setReviewing(false);
          // The decisions taken in the review show in the list.
          void queryClient.invalidateQueries({ queryKey: ['list', ADS_ENTITY] });
        }}
      />
    </Stack>
  );
}
