import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatDateTime } from '@usluge/contract';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { endRestore, requestRestore } from '../../components/form/draft-sources.ts';
import {
  type Draft,
  draftKey,
  draftsOf,
  draftsVersion,
  removeDraft,
  subscribeDrafts,
} from '../../components/form/draft-store.ts';
import { focusMainContent } from '../../components/layout/skip-link.tsx';

/**
 * Above a screen: the drafts this user left on this page when a session ended under an open form
 * (components/form/use-draft.ts). 'Vrati' opens the same dialog (adding, or editing that row) with
 * the draft's values; 'Odbaci' drops it.
 */
export function DraftOffer({ userId }: { userId: number }) {
  const { pathname } = useLocation();
  return <PageDrafts key={pathname} userId={userId} path={pathname} />;
}

function PageDrafts({ userId, path }: { userId: number; path: string }) {
  useSyncExternalStore(subscribeDrafts, draftsVersion, draftsVersion);
  // A restore that has not reached its form ends with the page.
  useEffect(() => endRestore, []);
  const drafts = draftsOf(userId, path);
  if (drafts.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {drafts.map((draft) => (
        <DraftAlert key={draftKey(draft)} draft={draft} />
      ))}
    </Stack>
  );
}

function DraftAlert({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const textId = useId();
  const title = draft.title || t('drafts.untitled');
  // The offer goes away with its buttons: the focus waits on the screen (and comes back there
  // when the restored dialog closes) instead of falling to the page's start.
  const act = (action: () => void) => {
    focusMainContent();
    action();
  };
  return (
    <Alert
      severity="info"
      role="status"
      // On a phone the buttons go to a line of their own, under the text.
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
        '& .MuiAlert-action': {
          flexBasis: { xs: '100%', sm: 'auto' },
          ml: { xs: 0, sm: 'auto' },
          pl: { xs: 4.25, sm: 2 },
          pt: { xs: 0, sm: 0.5 },
        },
      }}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            aria-describedby={textId}
            onClick={() => act(() => requestRestore(draft))}
          >
            {t('drafts.restore')}
          </Button>
          <Button
            color="inherit"
            size="small"
            aria-describedby={textId}
            onClick={() => act(() => removeDraft(draft))}
          >
            {t('drafts.discard')}
          </Button>
        </Stack>
      }
    >
      <span id={textId}>{t('drafts.offer', { title, when: formatDateTime(new Date(draft.savedAt)) })}</span>
    </Alert>
  );
}
