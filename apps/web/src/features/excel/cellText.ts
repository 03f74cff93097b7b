/**
 * A cell's text as Excel shows it under its number format (docs/requirements/data-views.md §4.4:
 * the read view renders number formats). Covers the formats report templates use: General,
 * fixed decimals (`0.00`), thousands (`#,##0.0`), percent (`0.0%`), literal text and units
 * (`0.0" °C"`, `0.00\ "kPa"`), sections for negatives (`0.00;[Red]-0.00`) and dates and times
 * (`yyyy-mm-dd hh:mm:ss`, `m/d/yy`, `h:mm AM/PM`). Dates are the workbook's wall-clock times,
 * kept as UTC milliseconds.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The format without colour and condition brackets and with quoted or escaped text unwrapped. */
function sectionOf(format: string, value: number): { body: string; negativeSection: boolean } {
  const sections = format.split(';');
  if (value < 0 && sections.length > 1) return { body: sections[1]!, negativeSection: true };
  if (value === 0 && sections.length > 2) return { body: sections[2]!, negativeSection: false };
  return { body: sections[0]!, negativeSection: false };
}

const stripBrackets = (s: string) => s.replace(/\[[^\]]*\]/g, '');

function formatDate(ms: number, format: string): string {
  const d = new Date(ms);
  const body = stripBrackets(format.split(';')[0]!);
  const ampm = /AM\/PM/i.test(body);
  const tokens = body.match(/"[^"]*"|\\.|yyyy|yy|mmmm|mmm|mm|m|dd|d|hh|h|ss|s|AM\/PM|./gi) ?? [];
  // `m` after an hour or before seconds is minutes, otherwise month
  const out: string[] = [];
  tokens.forEach((tok, i) => {
    const lower = tok.toLowerCase();
    const prev =
      tokens
        .slice(0, i)
        .reverse()
        .find((t) => /^[a-z]/i.test(t))
        ?.toLowerCase() ?? '';
    const next =
      tokens
        .slice(i + 1)
        .find((t) => /^[a-z]/i.test(t))
        ?.toLowerCase() ?? '';
    const minute = (lower === 'm' || lower === 'mm') && (prev.startsWith('h') || next.startsWith('s'));
    const hours = d.getUTCHours();
    switch (lower) {
      case 'yyyy':
        return out.push(String(d.getUTCFullYear()));
      case 'yy':
        return out.push(pad(d.getUTCFullYear() % 100));
      case 'mmmm':
      case 'mmm':
        return out.push(MONTHS[d.getUTCMonth()]!);
      case 'mm':
        return out.push(minute ? pad(d.getUTCMinutes()) : pad(d.getUTCMonth() + 1));
      case 'm':
        return out.push(minute ? String(d.getUTCMinutes()) : String(d.getUTCMonth() + 1));
      case 'dd':
        return out.push(pad(d.getUTCDate()));
      case 'd':
        return out.push(String(d.getUTCDate()));
      case 'hh':
        return out.push(pad(ampm ? hours % 12 || 12 : hours));
      case 'h':
        return out.push(String(ampm ? hours % 12 || 12 : hours));
      case 'ss':
        return out.push(pad(d.getUTCSeconds()));
      case 's':
        return out.push(String(d.getUTCSeconds()));
      case 'am/pm':
        return out.push(hours < 12 ? 'AM' : 'PM');
      default:
        return out.push(tok.startsWith('"') ? tok.slice(1, -1) : tok.startsWith('\\') ? tok.slice(1) : tok);
    }
  });
  return out.join('');
}

const isDateFormat = (format: string) =>
  /(^|[^"\\])(y|d|h|s)/i.test(stripBrackets(format).replace(/"[^"]*"/g, ''));

function formatNumber(value: number, format: string): string {
  const { body: raw, negativeSection } = sectionOf(format, value);
  const body = stripBrackets(raw);
  if (body.trim().toLowerCase() === 'general' || body.trim() === '') return generalText(value);
  // the number's placeholder run, e.g. `#,##0.00`; what is around it is literal text
  const m = /[#0?][#0?,]*(\.[#0?]*)?%?/.exec(body.replace(/"[^"]*"|\\./g, (s) => '\u0000'.repeat(s.length)));
  if (!m) return literal(body);
  const spec = m[0];
  const percent = body.replace(/"[^"]*"|\\./g, '').includes('%');
  const decimals = (spec.split('.')[1] ?? '').replace('%', '').length;
  const grouped = spec.includes(',');
  let v = negativeSection ? Math.abs(value) : value;
  if (percent) v *= 100;
  let text = v.toFixed(decimals);
  // `#` decimals show only when they are not zero, `0` decimals always
  const fixedDecimals = (spec.split('.')[1] ?? '').replace(/[^0]/g, '').length;
  if (decimals > fixedDecimals) {
    const [int, frac = ''] = text.split('.');
    const kept = frac.replace(/0+$/, '').padEnd(fixedDecimals, '0');
    text = kept ? `${int}.${kept}` : int!;
  }
  if (grouped) {
    const [int, frac] = text.split('.');
    text = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac === undefined ? '' : `.${frac}`);
  }
  // a `#.##` format drops the leading zero of a fraction
  if (!spec.split('.')[0]!.includes('0')) text = text.replace(/^(-?)0\./, '$1.');
  const before = literal(body.slice(0, m.index));
  const after = literal(body.slice(m.index + spec.length));
  return `${before}${text}${spec.endsWith('%') ? '%' : ''}${after}`;
}

/** Quoted and escaped text of a format part, other characters as they stand. */
function literal(part: string): string {
  return part
    .replace(/"([^"]*)"/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/_./g, ' ')
    .replace(/\*./g, '');
}

/** A number as Excel's General format shows it: up to 11 significant digits, no trailing zeros. */
function generalText(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(11)));
}

/** The text of a cell's value under its number format. */
export function cellText(value: string | number | boolean | null, numFmt?: string, date?: boolean): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (date) return formatDate(value, numFmt && isDateFormat(numFmt) ? numFmt : 'yyyy-mm-dd');
  if (!numFmt) return generalText(value);
  return formatNumber(value, numFmt);
}
