import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the tree is asked for the matches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search field. It keeps what is typed to itself and tells the screen only after a pause (or
 * at once on Enter), so the tree is not re-rendered for every keystroke.
 */
export function ServiceSearchBox({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    const timer = setTimeout(() => onSearchRef.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextField
      size="small"
      label={t('services.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
        if (event.key === 'Escape' && text !== '') {
          event.stopPropagation();
          setText('');
        }
      }}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment:
            text === '' ? undefined : (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label={t('services.clearSearch')}
                  onClick={() => setText('')}
                  edge="end"
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
        },
      }}
    />
  );
}
