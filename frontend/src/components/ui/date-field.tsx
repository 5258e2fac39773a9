import { lazy, Suspense, useState } from 'react';
import { HStack, IconButton, Input, Popover, Portal, Spinner, Text } from '@chakra-ui/react';
import { formatItalianDate, ITALIAN_DATE_PLACEHOLDER, maskItalianDate, parseItalianDate } from '../../lib/italian-date';
import { CalendarIcon } from './icons';

const loadCalendar = () => import('./date-calendar');
/** The calendar (Chakra's date picker and its date library) is its own chunk, fetched when wanted. */
const DateCalendar = lazy(loadCalendar);

export interface DateFieldProps {
  /** 'YYYY-MM-DD', or '' while nothing valid is entered */
  value: string;
  onChange: (iso: string) => void;
  /** the calendar button's name */
  calendarLabel?: string;
  /** earliest and latest choosable days, 'YYYY-MM-DD' */
  min?: string;
  max?: string;
  autoComplete?: string;
}

/**
 * An Italian date entry: typed as gg/mm/aaaa (slashes put in while typing), or picked from a
 * calendar whose weeks start on Monday with Italian month and day names. Inside a `Field.Root`
 * the input takes the field's label. A complete text that is not a real day says so below.
 */
export function DateField({
  value,
  onChange,
  calendarLabel = 'Apri il calendario',
  min,
  max,
  autoComplete,
}: DateFieldProps) {
  const [text, setText] = useState(() => formatItalianDate(value));
  const [shown, setShown] = useState(value);
  const [open, setOpen] = useState(false);
  // a value set from outside (the calendar, a reset) replaces the text, unless the text already says it
  if (value !== shown) {
    setShown(value);
    if ((parseItalianDate(text) ?? '') !== value) setText(formatItalianDate(value));
  }
  const complete = /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text);
  const impossible = complete && parseItalianDate(text) === null;

  const type = (raw: string) => {
    const masked = maskItalianDate(raw);
    setText(masked);
    const iso = parseItalianDate(masked) ?? '';
    setShown(iso);
    if (iso !== value) onChange(iso);
  };

  return (
    <>
      <HStack gap="2" align="stretch">
        <Input
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          onBlur={() => {
            const iso = parseItalianDate(text);
            if (iso) setText(formatItalianDate(iso));
          }}
          placeholder={ITALIAN_DATE_PLACEHOLDER}
          inputMode="numeric"
          autoComplete={autoComplete}
          maxLength={10}
          bg="bg.subtle"
          flex="1"
          aria-invalid={impossible || undefined}
        />
        <Popover.Root
          open={open}
          onOpenChange={(e) => setOpen(e.open)}
          positioning={{ placement: 'bottom-end' }}
          lazyMount
          unmountOnExit
        >
          <Popover.Trigger asChild>
            <IconButton
              variant="outline"
              aria-label={calendarLabel}
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
            >
              <CalendarIcon />
            </IconButton>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner>
              <Popover.Content width="auto" maxW="calc(100vw - 16px)" aria-label="Calendario">
                <Popover.Body p="3">
                  <Suspense fallback={<Spinner size="sm" aria-label="Caricamento del calendario..." m="4" />}>
                    <DateCalendar
                      value={value}
                      min={min}
                      max={max}
                      onSelect={(iso) => {
                        setText(formatItalianDate(iso));
                        setShown(iso);
                        onChange(iso);
                        setOpen(false);
                      }}
                    />
                  </Suspense>
                </Popover.Body>
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
      </HStack>
      {impossible ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          Questa data non esiste: usa il formato gg/mm/aaaa
        </Text>
      ) : null}
    </>
  );
}
