import { useEffect, useRef } from 'react';
import { Box, DatePicker, HStack, parseDate, type DateValue } from '@chakra-ui/react';

const LOCALE = 'it-IT';
/** Monday (docs/product.md#formatting: weeks start on Monday). */
const MONDAY = 1;

/** The picker's own words for assistive technology, in Italian. */
const TRANSLATIONS = {
  dayCell: (state: { selected: boolean; unavailable: boolean; valueText: string }) =>
    state.unavailable
      ? `Non disponibile: ${state.valueText}`
      : state.selected
        ? `Data scelta: ${state.valueText}`
        : `Scegli ${state.valueText}`,
  prevTrigger: (view: string) =>
    view === 'year' ? 'Decennio precedente' : view === 'month' ? 'Anno precedente' : 'Mese precedente',
  nextTrigger: (view: string) =>
    view === 'year' ? 'Decennio successivo' : view === 'month' ? 'Anno successivo' : 'Mese successivo',
  viewTrigger: (_view: string, next: string | undefined) =>
    next === 'year' ? 'Scegli l’anno' : next === 'month' ? 'Scegli il mese' : 'Scegli il giorno',
  monthSelect: 'Mese',
  yearSelect: 'Anno',
  content: 'Calendario',
  trigger: (open: boolean) => (open ? 'Chiudi il calendario' : 'Apri il calendario'),
  clearTrigger: 'Cancella la data',
};

export interface DateCalendarProps {
  /** 'YYYY-MM-DD' or '' */
  value: string;
  min?: string;
  max?: string;
  onSelect: (iso: string) => void;
}

const dayOf = (iso: string | undefined): DateValue | undefined => (iso ? parseDate(iso) : undefined);

/**
 * The month grid of the date field (Chakra's DatePicker, inline): Italian month and day names,
 * Monday first, month and year selects for birth dates far back, arrows, Page Up/Down and Home/End
 * on the days; Enter or a click chooses. Loaded only when the calendar is opened.
 */
export default function DateCalendar({ value, min, max, onSelect }: DateCalendarProps) {
  const grid = useRef<HTMLDivElement>(null);
  // focus the chosen (or latest) day when the calendar opens, so the arrows work at once
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      grid.current?.querySelector<HTMLElement>('[data-part="table-cell-trigger"][tabindex="0"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  const chosen = dayOf(value);
  return (
    <DatePicker.Root
      inline
      locale={LOCALE}
      startOfWeek={MONDAY}
      translations={TRANSLATIONS}
      value={chosen ? [chosen] : []}
      defaultFocusedValue={chosen ?? dayOf(max)}
      min={dayOf(min)}
      max={dayOf(max)}
      onValueChange={(details) => {
        const day = details.value[0];
        if (day) onSelect(day.toString());
      }}
      width="auto"
    >
      <DatePicker.Content ref={grid} unstyled>
        <DatePicker.View view="day">
          <DatePicker.Context>
            {(picker) => (
              <>
                <HStack gap="2" mb="2">
                  <DatePicker.PrevTrigger />
                  <DatePicker.MonthSelect flex="1" />
                  <DatePicker.YearSelect flex="1" />
                  <DatePicker.NextTrigger />
                </HStack>
                <Box srOnly aria-live="polite">
                  {picker.visibleRangeText.start}
                </Box>
                <DatePicker.Table>
                  <DatePicker.TableHead>
                    <DatePicker.TableRow>
                      {picker.weekDays.map((day) => (
                        <DatePicker.TableHeader key={day.long} data-testid="weekday-header">
                          <abbr title={day.long} style={{ textDecoration: 'none' }}>
                            {day.short}
                          </abbr>
                        </DatePicker.TableHeader>
                      ))}
                    </DatePicker.TableRow>
                  </DatePicker.TableHead>
                  <DatePicker.TableBody>
                    {picker.weeks.map((week, index) => (
                      <DatePicker.TableRow key={index}>
                        {week.map((day) => (
                          <DatePicker.TableCell key={day.toString()} value={day}>
                            <DatePicker.TableCellTrigger>{day.day}</DatePicker.TableCellTrigger>
                          </DatePicker.TableCell>
                        ))}
                      </DatePicker.TableRow>
                    ))}
                  </DatePicker.TableBody>
                </DatePicker.Table>
              </>
            )}
          </DatePicker.Context>
        </DatePicker.View>
      </DatePicker.Content>
    </DatePicker.Root>
  );
}
