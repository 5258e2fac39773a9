import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@chakra-ui/react';
import { QueryStatus, type ListQuery } from './query-status';

export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** numbers and row actions sit at the end */
  align?: 'end';
  /** a header only screen readers need (e.g. the actions column) */
  hiddenHeader?: boolean;
  /** marks each cell of the column for tests */
  testId?: string;
}

export interface AdminTableProps<Row> {
  columns: AdminColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string;
  rowTestId?: (row: Row) => string;
  /** shown instead of an empty table */
  empty: string;
  /** the read behind the rows: its loading and error states are shown instead of the table */
  query?: ListQuery;
  /** below this width the table scrolls sideways instead of squeezing its columns */
  minW?: string;
}

/** The one table of the admin console: a bordered area that scrolls sideways on phones. */
export function AdminTable<Row>({ columns, rows, rowKey, rowTestId, empty, query, minW }: AdminTableProps<Row>) {
  const status = (
    <QueryStatus query={query ?? { isPending: false, isError: false, error: null, data: rows }} empty={empty} />
  );
  if (!rows || rows.length === 0) return status;
  return (
    // relative: a visually hidden header is positioned inside the scroll area, never beyond the page;
    // focusable, so that a keyboard can scroll it sideways even when no cell holds a button
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="lg" position="relative" tabIndex={0}>
      <Table.Root size="sm" minW={minW}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} textAlign={column.align}>
                {column.hiddenHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={rowKey(row, index)} data-testid={rowTestId?.(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.header} textAlign={column.align} data-testid={column.testId}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
