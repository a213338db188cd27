import ReviewIcon from '@mui/icons-material/FactCheck';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { readListState, writeListState } from '../../../components/list/list-state.ts';
import { ADS_ENTITY } from './ads-api.ts';
import { adsOnApprovalResource, WAITING_STATUS_FILTER } from './ads-resource.tsx';
import { ReviewDialog } from './review-dialog.tsx';

/**
 * `/ads-on-approval`: the ads list fixed to 'Čeka odobrenje' (the filter is put back into the URL
 * whenever it is cleared or changed, before any list is read), and the review mode.
 */
export function AdsOnApprovalScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [isReviewing, setReviewing] = useState(false);
  const state = readListState(adsOnApprovalResource, params);
  const isFixed = state.filters.status === WAITING_STATUS_FILTER;

  useEffect(() => {
    if (isFixed) return;
    const fixed = { ...state, filters: { ...state.filters, status: WAITING_STATUS_FILTER } };
    setParams(writeListState(adsOnApprovalResource, fixed, params), { replace: true });
  }, [isFixed, state, params, setParams]);

  if (!isFixed) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<ReviewIcon />} onClick={() => setReviewing(true)}>
          {t('ads.review.open')}
        </Button>
      </Stack>
      <ListScreen resource={adsOnApprovalResource} />
      <ReviewDialog
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
