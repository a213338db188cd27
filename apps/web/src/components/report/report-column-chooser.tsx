import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A column the report may show: whether it is chosen, in the report's order. */
export type ReportColumnChoice = { key: string; title: string; isChosen: boolean };

type Direction = 'up' | 'down';

/** The list with the column at `index` moved one place up or down. */
export function movedColumn(
  columns: readonly ReportColumnChoice[],
  index: number,
  direction: Direction,
): ReportColumnChoice[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  const moving = columns[index];
  const other = columns[target];
  if (!moving || !other) return [...columns];
  const next = [...columns];
  next[target] = moving;
  next[index] = other;
  return next;
}

/**
 * The report's columns: a checkbox each (which to show) with buttons moving it up or down (in what
 * order). Everything is a native control, so the keyboard reaches it all; a moved column's button
 * keeps the focus, so pressing it again moves it on. The last chosen column cannot be unchosen.
 */
export function ReportColumnChooser({
  value,
  onChange,
  error,
}: {
  value: readonly ReportColumnChoice[];
  onChange: (next: ReportColumnChoice[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: Direction } | null>(null);
  const chosenCount = value.filter((column) => column.isChosen).length;

  useEffect(() => {
    if (!focusAfterMove) return;
    const { key, direction } = focusAfterMove;
    const same = buttons.current.get(`${key}:${direction}`);
    // At the end of the list that button is disabled: the other one takes the focus.
    const other = buttons.current.get(`${key}:${direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const move = (index: number, direction: Direction) => {
    const key = value[index]?.key;
    if (key === undefined) return;
    onChange(movedColumn(value, index, direction));
    setFocusAfterMove({ key, direction });
  };
  const buttonRef = (key: string, direction: Direction) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${key}:${direction}`, element);
    else buttons.current.delete(`${key}:${direction}`);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend">{t('report.columns')}</FormLabel>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {value.map((column, index) => (
          <Box
            component="li"
            key={column.key}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
          >
            <FormControlLabel
              sx={{ flex: 1, minWidth: 0, mr: 0 }}
              label={column.title}
              control={
                <Checkbox
                  checked={column.isChosen}
                  disabled={column.isChosen && chosenCount === 1}
                  onChange={(event) =>
                    onChange(
                      value.map((other) =>
                        other.key === column.key ? { ...other, isChosen: event.target.checked } : other,
                      ),
                    )
                  }
                />
              }
            />
            <IconButton
              ref={buttonRef(column.key, 'up')}
              size="small"
              aria-label={t('report.moveUp', { column: column.title })}
              disabled={index === 0}
              onClick={() => move(index, 'up')}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              ref={buttonRef(column.key, 'down')}
              size="small"
              aria-label={t('report.moveDown', { column: column.title })}
              disabled={index === value.length - 1}
              onClick={() => move(index, 'down')}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
