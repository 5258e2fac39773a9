import {
  PAYOUT_TIME_ZONE,
  type PayoutStatus,
  type StatementDetail,
  type StatementLine,
  type StatementStatus,
  type StatementView,
} from '@aura/contracts';
import { csvText } from '../../../lib/csv';
import { formatAuracoin, formatNumber } from '../../../lib/format';

/** What refunds took back and open disputes hold of a week's share, euro cents (a deduction: shown negative). */
export function statementDeductionsCents(statement: Pick<StatementView, 'clawedBackCents' | 'heldCents'>): number {
  return statement.clawedBackCents + statement.heldCents;
}

/** A week's share owed to her: the share of each source, less the deductions (the weekly table's columns add up to it). */
export function statementNetCents(
  statement: Pick<StatementView, 'shareCents' | 'clawedBackCents' | 'heldCents'>,
): number {
  return statement.shareCents - statementDeductionsCents(statement);
}

/**
 * Payout dates are Rome's (weeks run Monday to Sunday in Europe/Rome), whatever the browser's
 * time zone: a payout due Tuesday 00:00 in Rome is Monday 23:00 UTC.
 */
let dayFormat: Intl.DateTimeFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let calendarDay: Intl.DateTimeFormat | undefined;

/** "martedì 24 novembre 2026" */
export function formatRomeDay(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat('it-IT', {
    timeZone: PAYOUT_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return dayFormat.format(new Date(iso));
}

/** "24/11/2026" */
export function formatRomeDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('it-IT', {
    timeZone: PAYOUT_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return dateFormat.format(new Date(iso));
}

/** "24/11/2026, 00:30" */
export function formatRomeDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('it-IT', {
    timeZone: PAYOUT_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTimeFormat.format(new Date(iso));
}

function calendarParts(date: string): { day: string; month: string; year: string } {
  calendarDay ??= new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  const parts = Object.fromEntries(
    calendarDay.formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]),
  );
  return { day: parts.day ?? '', month: parts.month ?? '', year: parts.year ?? '' };
}

/** A payout week from its Monday: "16–22 novembre 2026", "30 novembre – 6 dicembre 2026", "28 dicembre 2026 – 3 gennaio 2027". */
export function formatWeekRange(weekStart: string): string {
  const [year, month, day] = weekStart.split('-').map(Number) as [number, number, number];
  const sunday = new Date(Date.UTC(year, month - 1, day + 6)).toISOString().slice(0, 10);
  const from = calendarParts(weekStart);
  const to = calendarParts(sunday);
  if (from.year !== to.year) return `${from.day} ${from.month} ${from.year} – ${to.day} ${to.month} ${to.year}`;
  if (from.month !== to.month) return `${from.day} ${from.month} – ${to.day} ${to.month} ${to.year}`;
  return `${from.day}–${to.day} ${to.month} ${to.year}`;
}

export const statementStatusLabels: Record<StatementStatus, string> = {
  open: 'Settimana in corso',
  pending: 'In attesa del pagamento',
  carried_over: 'Riportato alla settimana successiva',
  scheduled: 'Pagamento in corso',
  partially_paid: 'Pagato in parte',
  paid: 'Pagato',
};

export const statementStatusColors: Record<StatementStatus, string> = {
  open: 'gray',
  pending: 'blue',
  carried_over: 'orange',
  scheduled: 'purple',
  partially_paid: 'teal',
  paid: 'green',
};

export const carryReasonLabels = {
  below_minimum: 'sotto il minimo di pagamento',
  missing_details: 'mancano i dati di pagamento',
} as const;

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  scheduled: 'In corso',
  paid: 'Pagato',
  failed: 'Non riuscito',
};
export const payoutStatusColors: Record<PayoutStatus, string> = { scheduled: 'purple', paid: 'green', failed: 'red' };

const failureReasons: Record<string, string> = {
  account_closed: 'conto chiuso o inesistente',
  bank_unavailable: 'banca non raggiungibile',
  missing_details: 'dati di pagamento mancanti',
};

export function failureLabel(reason: string | null): string {
  return reason ? (failureReasons[reason] ?? reason) : '';
}

export const sourceLabels = {
  session: 'Sessioni',
  message: 'Messaggi',
  photo: 'Foto',
  tip: 'Mance',
  ticket: 'Biglietti',
} as const;

const lineKindLabels = {
  refund: 'Rimborso',
  dispute_hold: 'Contestazione aperta: quota trattenuta',
  dispute_release: 'Contestazione vinta: quota liberata',
  dispute_lost: 'Contestazione persa',
} as const;

/** What a statement line is: a sale's source, or a refund's clawback (or a dispute's hold, release, loss) with its reason. */
export function lineLabel(line: StatementLine): string {
  if (!line.kind || line.kind === 'sale') return sourceLabels[line.source];
  const label = lineKindLabels[line.kind];
  return line.kind === 'refund' ? `${label} (${sourceLabels[line.source].toLowerCase()}): ${line.reason ?? ''}` : label;
}

const csvCents = (cents: number) =>
  formatNumber(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** What buyers paid, and of it the purchased part (her share is earned on it) and the promotional part, in auracoin. */
const paidCells = (grossUnits: number, purchasedUnits: number) => [
  formatAuracoin(grossUnits / 100),
  formatAuracoin(purchasedUnits / 100),
  formatAuracoin((grossUnits - purchasedUnits) / 100),
];

/**
 * A week's statement as CSV for a spreadsheet in Italian: semicolons between cells, decimal
 * commas, dates in Rome's time, a header, one row per earning, then the totals; every cell by the
 * one CSV rule (a cell that would start a formula, such as a name she chose, is neutralised).
 */
export function statementCsv(statement: StatementDetail): string {
  const rows: string[][] = [
    ['Estratto conto settimanale', statement.performerName],
    ['Settimana', formatWeekRange(statement.weekStart)],
    [],
    [
      'Data e ora',
      'Fonte',
      'Importo pagato (auracoin)',
      'di cui acquistati (auracoin)',
      'di cui promozionali (auracoin)',
      `Quota performer ${statement.sharePercent}% (€)`,
    ],
    ...statement.lines.map((line) => [
      formatRomeDateTime(line.creditedAt),
      lineLabel(line),
      ...paidCells(line.grossUnits, line.purchasedUnits),
      csvCents(line.shareCents),
    ]),
    [],
    ...(['session', 'message', 'photo', 'tip', 'ticket'] as const).map((source) => [
      `Totale ${sourceLabels[source].toLowerCase()}`,
      String(statement.sources[source].count),
      ...paidCells(statement.sources[source].grossUnits, statement.sources[source].purchasedUnits),
      csvCents(statement.sources[source].shareCents),
    ]),
    [
      'Totale settimana',
      String(statement.lines.length),
      ...paidCells(statement.grossUnits, statement.purchasedUnits),
      csvCents(statement.shareCents),
    ],
    ['Ripreso (rimborsi e contestazioni)', '', '', '', '', csvCents(-statement.clawedBackCents)],
    ['Trattenuto (contestazioni aperte)', '', '', '', '', csvCents(-statement.heldCents)],
    ['Pagato', '', '', '', '', csvCents(statement.paidCents)],
    ['In pagamento', '', '', '', '', csvCents(statement.scheduledCents)],
    ['Riportato alla settimana successiva', '', '', '', '', csvCents(statement.carriedOverCents)],
    ['Stato', statementStatusLabels[statement.status]],
  ];
  return `\uFEFF${csvText(rows)}`;
}

/** Saves a statement's CSV as a file the browser downloads. */
export function downloadStatementCsv(statement: StatementDetail): void {
  const url = URL.createObjectURL(new Blob([statementCsv(statement)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `estratto-conto-${statement.weekStart}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
