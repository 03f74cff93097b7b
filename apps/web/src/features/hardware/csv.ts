/**
 * A CSV text for spreadsheets: fields quoted when they hold a comma, quote or line break, and
 * leading cells that a spreadsheet would run as a formula (=, +, -, @) defused with a quote.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A CSV blob Excel opens as UTF-8 (the byte order mark tells it so). */
export function csvBlob(csv: string): Blob {
  return new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
}
