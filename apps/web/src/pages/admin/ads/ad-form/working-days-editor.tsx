import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { minutesOf, type Shift } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import type { AdDayValue } from './ad-form-values.ts';
import { TimeInput } from './time-input.tsx';

export type DayChoice = { id: number; name: string };

/** The error message (already in the interface's language) of one field of one shift, if any. */
export type ShiftErrorOf = (dayIndex: number, shiftIndex: number, field: keyof Shift) => string | undefined;

const FIRST_SHIFT: Shift = { start_at: '08:00', stop_at: '16:00' };
const LAST_MINUTE = 23 * 60 + 59;

const asTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new shift an hour after the last one ends, four hours long, never past midnight. */
export function nextShift(times: readonly Shift[]): Shift {
  const last = times.at(-1);
  if (!last) return FIRST_SHIFT;
  const start = Math.min((minutesOf(last.stop_at) ?? 8 * 60) + 60, LAST_MINUTE);
  return { start_at: asTime(start), stop_at: asTime(Math.min(start + 4 * 60, LAST_MINUTE)) };
}

/**
 * The business-hours editor: each weekday can be ticked, and a ticked day holds its shifts (a
 * 24-hour 'from' and 'to'), added and removed one by one. The days stay in weekday order; each
 * shift shows its own errors (too short, starting before the previous one ends) under its times.
 */
export function WorkingDaysEditor({
  days,
  value,
  onChange,
  onBlur,
  errorOf,
}: {
  days: readonly DayChoice[];
  value: readonly AdDayValue[];
  onChange: (next: AdDayValue[]) => void;
  onBlur: () => void;
  errorOf: ShiftErrorOf;
}) {
  const { t } = useTranslation();

  const toggleDay = (dayId: number, isOn: boolean) => {
    const others = value.filter((day) => day.day_id !== dayId);
    onChange(
      isOn
        ? [...others, { day_id: dayId, is_active: true, times: [FIRST_SHIFT] }].sort(
            (a, b) => a.day_id - b.day_id,
          )
        : others,
    );
  };
  const changeTimes = (dayId: number, change: (times: Shift[]) => Shift[]) =>
    onChange(value.map((day) => (day.day_id === dayId ? { ...day, times: change(day.times) } : day)));

  return (
    <Stack spacing={1}>
      {days.map((choice) => {
        const dayIndex = value.findIndex((day) => day.day_id === choice.id);
        const day = value[dayIndex];
        const labelId = `working-day-${choice.id}`;
        return (
          <Box
            key={choice.id}
            role="group"
            aria-labelledby={labelId}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
              columnGap: 2,
              rowGap: 1,
              alignItems: 'start',
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <FormControlLabel
              id={labelId}
              label={choice.name}
              control={
                <Checkbox
                  checked={day !== undefined}
                  onChange={(event) => toggleDay(choice.id, event.target.checked)}
                  onBlur={onBlur}
                />
              }
            />
            {day && (
              <Stack spacing={1} sx={{ py: 0.5 }}>
                {day.times.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('adForm.noShifts')}
                  </Typography>
                )}
                {day.times.map((shift, shiftIndex) => (
                  <Box
                    // Shifts have no id of their own; their place is who they are.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={shiftIndex}
                    role="group"
                    aria-label={t('adForm.shift', { day: choice.name, n: shiftIndex + 1 })}
                    sx={{
                      display: 'grid',
                      // The two times share the width left by the remove button, even on a phone.
                      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                      columnGap: 1,
                      alignItems: 'start',
                    }}
                  >
                    <TimeInput
                      label={t('adForm.shiftStart')}
                      value={shift.start_at}
                      onChange={(start_at) =>
                        changeTimes(choice.id, (times) =>
                          times.map((time, i) => (i === shiftIndex ? { ...time, start_at } : time)),
                        )
                      }
                      onBlur={onBlur}
                      error={errorOf(dayIndex, shiftIndex, 'start_at')}
                    />
                    <TimeInput
                      label={t('adForm.shiftStop')}
                      value={shift.stop_at}
                      onChange={(stop_at) =>
                        changeTimes(choice.id, (times) =>
                          times.map((time, i) => (i === shiftIndex ? { ...time, stop_at } : time)),
                        )
                      }
                      onBlur={onBlur}
                      error={errorOf(dayIndex, shiftIndex, 'stop_at')}
                    />
                    <IconButton
                      aria-label={t('adForm.removeShift', { n: shiftIndex + 1, day: choice.name })}
                      onClick={() =>
                        changeTimes(choice.id, (times) => times.filter((_, i) => i !== shiftIndex))
                      }
                      sx={{ mt: 0.25 }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Box>
                ))}
                <div>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    aria-label={t('adForm.addShiftTo', { day: choice.name })}
                    onClick={() => changeTimes(choice.id, (times) => [...times, nextShift(times)])}
                  >
                    {t('adForm.addShift')}
                  </Button>
                </div>
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
