import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adPagePath,
  GLOBAL_SEARCH_MAX,
  GLOBAL_SEARCH_MIN,
  type GlobalSearchHit,
  userPagePath,
} from '@usluge/contract';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/api-client.ts';
import { useOpenDialog } from '../../components/form/open-dialogs.ts';
import { useDebounced } from '../../components/form/search-select-field.tsx';

const DEBOUNCE_MS = 250;

export const pathOfHit = (hit: GlobalSearchHit) =>
  hit.type === 'user' ? userPagePath(hit.id) : adPagePath(hit.id);

/** Whether a key press is typing into something (then `/` is a character, not the shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+K (⌘K) anywhere, or `/` when not typing, opens the search. */
function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const isCtrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const isSlash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!isCtrlK && !isSlash) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

/**
 * The shell's search: a button in the app bar (and Ctrl+K or `/`) opens a dialog whose box finds
 * users and ads as one types (POST /api/search, debounced); arrows choose, Enter opens the record's
 * page, Escape closes and gives the focus back. A combobox with its listbox (aria-activedescendant),
 * so the focus stays in the box.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const open = () => setOpen(true);
  useSearchShortcut(open);
  useOpenDialog(isOpen, () => setOpen(false));
  const label = t('globalSearch.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-keyshortcuts="Control+K /" onClick={open}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {isOpen && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const isLongEnough = q.length >= GLOBAL_SEARCH_MIN;
  const search = useQuery({
    queryKey: ['global-search', q],
    queryFn: ({ signal }) => api.post('/api/search', { body: { q }, signal }),
    enabled: isLongEnough,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const hits = isLongEnough ? (search.data?.result ?? []) : [];
  const activeIndex = Math.min(active, hits.length - 1);
  const optionId = (index: number) => `${ids}-option-${index}`;

  const openHit = (hit: GlobalSearchHit) => {
    onClose();
    void navigate(pathOfHit(hit));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + hits.length) % hits.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[activeIndex];
      if (hit) openHit(hit);
    }
  };

  const status = !isLongEnough
    ? t('globalSearch.tooShort', { n: GLOBAL_SEARCH_MIN })
    : search.isError
      ? t('globalSearch.failed')
      : search.isFetching && hits.length === 0
        ? t('globalSearch.searching')
        : hits.length === 0
          ? t('globalSearch.nothing')
          : t('globalSearch.found', { count: hits.length });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <DialogTitle id={titleId}>{t('globalSearch.title')}</DialogTitle>
      <DialogContent>
        <TextField
          // The label floats above the box: room for it under the title.
          sx={{ mt: 1 }}
          autoFocus
          fullWidth
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          label={t('globalSearch.label')}
          helperText={t('globalSearch.hint')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              maxLength: GLOBAL_SEARCH_MAX,
              autoComplete: 'off',
              'aria-autocomplete': 'list',
              'aria-expanded': hits.length > 0,
              'aria-controls': listId,
              ...(hits.length > 0 ? { 'aria-activedescendant': optionId(activeIndex) } : {}),
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {status}
        </Typography>
        <Box
          component="ul"
          role="listbox"
          id={listId}
          aria-label={t('globalSearch.results')}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {hits.map((hit, index) => (
            <Box
              component="li"
              key={`${hit.type}-${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onClick={() => openHit(hit)}
              onMouseMove={() => setActive(index)}
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: index === activeIndex ? 'action.selected' : undefined,
              }}
            >
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t(hit.type === 'user' ? 'globalSearch.user' : 'globalSearch.ad')}
              </Typography>
              <Typography
                component="span"
                sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {hit.title}
              </Typography>
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {hit.subtitle}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
