import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';

/** 'HH:MM' as a time of an arbitrary day, or null when empty. */
function toDayjs(time: string): Dayjs | null {
  return time === '' ? null : dayjs(`2000-01-01T${time}`);
}

/** An unfinished or impossible entry: the shift rules then say 'Unesite vrijeme u formatu SS:MM.'. */
const UNFINISHED = '--:--';

/** The pickers' date adapter; their own texts come with the theme (theme/mui-locale.ts). */
export function TimeLocalization({ children }: { children: ReactNode }) {
  return <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>;
}

/**
 * A 24-hour time as the form keeps it ('HH:MM', '' when empty). The picker keeps a half-typed
 * entry itself while the form holds a value the shift rules refuse, so typing is never undone.
 */
export function TimeInput({
  label,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const [typed, setTyped] = useState<Dayjs | null>(() => toDayjs(value));
  const typedText = typed === null ? '' : typed.isValid() ? typed.format('HH:mm') : UNFINISHED;
  // A value set from outside (a new shift, a removed one before it) replaces what was typed.
  const shown = typedText === value ? typed : toDayjs(value);

  return (
    <TimePicker
      label={label}
      ampm={false}
      value={shown}
      onChange={(next) => {
        setTyped(next);
        onChange(next === null ? '' : next.isValid() ? next.format('HH:mm') : UNFINISHED);
      }}
      slotProps={{
        textField: { error: error !== undefined, helperText: error, onBlur, size: 'small', fullWidth: true },
      }}
    />
  );
}
