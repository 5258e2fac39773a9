import { useId, useState } from 'react';
import { Box, HStack, Input } from '@chakra-ui/react';
import { DateField } from './date-field';

export interface DateTimeFieldProps {
  /** 'YYYY-MM-DDTHH:mm' (or with ':ss'), local time, as `<input type="datetime-local">` gives it; '' for none */
  value: string;
  onChange: (value: string) => void;
  /** the time box's name (the day takes the field's label) */
  timeLabel?: string;
  min?: string;
  max?: string;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** 'hh:mm' or 'hh:mm:ss' as 'HH:mm[:ss]', or null when it is not a time of day. */
export function parseTime(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [
    Number(match[1]),
    Number(match[2]),
    match[3] === undefined ? null : Number(match[3]),
  ];
  if (hours > 23 || minutes > 59 || (seconds !== null && seconds > 59)) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}${seconds === null ? '' : `:${pad(seconds)}`}`;
}

/**
 * A day and a time in Italian formats, whatever the browser's language: the day as gg/mm/aaaa (typed or
 * from the calendar), the time as hh:mm on a 24-hour clock. `<input type="datetime-local">` shows
 * mm/dd/yyyy and AM/PM in an English browser. The value is complete once both are; until then ''.
 */
export function DateTimeField({ value, onChange, timeLabel = 'Ora (hh:mm)', min, max }: DateTimeFieldProps) {
  const [date, setDate] = useState(() => value.slice(0, 10));
  const [time, setTime] = useState(() => value.slice(11));
  const timeId = useId();
  const emit = (nextDate: string, nextTime: string) => {
    const parsed = parseTime(nextTime);
    const next = nextDate && parsed ? `${nextDate}T${parsed}` : '';
    if (next !== value) onChange(next);
  };
  if (value === '' && (date !== '' || time !== '') && parseTime(time) !== null && date !== '') {
    // a reset from outside (the form submitted): both boxes empty again
    setDate('');
    setTime('');
  }
  return (
    <HStack gap="2" align="flex-start" flexWrap="wrap">
      <Box flex="1" minW="12rem">
        <DateField
          value={date}
          onChange={(iso) => {
            setDate(iso);
            emit(iso, time);
          }}
          min={min}
          max={max}
        />
      </Box>
      <Input
        id={timeId}
        aria-label={timeLabel}
        placeholder="hh:mm"
        inputMode="numeric"
        maxLength={8}
        width="7rem"
        bg="bg.subtle"
        value={time}
        onChange={(event) => {
          const next = event.currentTarget.value.replace(/[^\d:]/g, '');
          setTime(next);
          emit(date, next);
        }}
        aria-invalid={time !== '' && parseTime(time) === null ? true : undefined}
      />
    </HStack>
  );
}
