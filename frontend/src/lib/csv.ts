/**
 * The one rule for every CSV the product writes. A cell a spreadsheet would read as a formula (it
 * starts with =, +, -, @, a tab or a carriage return) is neutralised with a leading single quote,
 * as OWASP advises against CSV injection; a cell holding the separator, a double quote or a line
 * break is quoted, its double quotes doubled.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string, separator = ';'): string {
  const neutral = FORMULA_START.test(value) ? `'${value}` : value;
  return neutral.includes(separator) || /["\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** Rows of cells as CSV text: cells by `csvCell`, rows ended by CRLF. */
export function csvText(rows: string[][], separator = ';'): string {
  return rows.map((row) => `${row.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`).join('');
}
