import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { cellAddress, cellPosition, columnLetters, type SheetCell, type SheetModel } from '@fieldhub/shared';
import { cellText } from './cellText';
import './smartReports.css';

/**
 * A workbook's sheet drawn as Excel shows it (docs/requirements/data-views.md §4.4): merged
 * ranges, borders, fonts, fills, alignment, number formats, column widths and row heights.
 * With `onSelect` the cells are clickable and the headings (A, B, … and 1, 2, …) show, for
 * binding cells in the template tab; `marks` badges the cells that are bound or filled.
 */

/** Excel's default column width (8.43 characters) and row height (15 pt), in pixels. */
const DEFAULT_COL_PX = 64;
const DEFAULT_ROW_PX = 20;
const colPx = (chars: number | undefined) => (chars ? Math.round(chars * 7 + 5) : DEFAULT_COL_PX);
const rowPx = (points: number | undefined) => (points ? Math.round((points * 4) / 3) : DEFAULT_ROW_PX);

const BORDER: Record<string, string> = {
  thin: '1px solid',
  hair: '1px solid',
  medium: '2px solid',
  thick: '3px solid',
  dotted: '1px dotted',
  dashed: '1px dashed',
  mediumDashed: '2px dashed',
  dashDot: '1px dashed',
  mediumDashDot: '2px dashed',
  dashDotDot: '1px dotted',
  mediumDashDotDot: '2px dotted',
  slantDashDot: '2px dashed',
  double: '3px double',
};

function border(side: { style: string; color: string | null } | undefined): string | undefined {
  if (!side) return undefined;
  return `${BORDER[side.style] ?? '1px solid'} ${side.color ?? '#000'}`;
}

const H_ALIGN: Record<string, CSSProperties['textAlign']> = {
  left: 'left',
  center: 'center',
  right: 'right',
  justify: 'justify',
  centerContinuous: 'center',
  distributed: 'justify',
};
const V_ALIGN: Record<string, CSSProperties['verticalAlign']> = {
  top: 'top',
  middle: 'middle',
  bottom: 'bottom',
};

function cellStyle(cell: SheetCell | undefined, height: number): CSSProperties {
  const s = cell?.style;
  const numeric = typeof cell?.value === 'number';
  return {
    height,
    fontWeight: s?.bold ? 700 : undefined,
    fontStyle: s?.italic ? 'italic' : undefined,
    textDecoration:
      [s?.underline && 'underline', s?.strike && 'line-through'].filter(Boolean).join(' ') || undefined,
    // Excel's points, shown at 96 dpi
    fontSize: s?.fontSize ? `${(s.fontSize * 4) / 3}px` : undefined,
    fontFamily: s?.fontName ? `"${s.fontName}", Calibri, Arial, sans-serif` : undefined,
    color: s?.color,
    background: s?.fill,
    textAlign: (s?.hAlign ? H_ALIGN[s.hAlign] : undefined) ?? (numeric ? 'right' : 'left'),
    verticalAlign: (s?.vAlign ? V_ALIGN[s.vAlign] : undefined) ?? 'bottom',
    whiteSpace: s?.wrap ? 'pre-wrap' : 'pre',
    borderTop: border(s?.border?.top),
    borderLeft: border(s?.border?.left),
    borderBottom: border(s?.border?.bottom),
    borderRight: border(s?.border?.right),
  };
}

export interface CellMark {
  label: ReactNode;
  tone: 'variable' | 'fill';
}

export function SheetGrid({
  sheet,
  selected,
  onSelect,
  marks = {},
  extraRows = 0,
  extraCols = 0,
  testId,
}: {
  sheet: SheetModel;
  selected?: string | undefined;
  onSelect?: (address: string) => void;
  marks?: Record<string, CellMark>;
  /** empty rows and columns drawn past the sheet's used range, so they can be bound too */
  extraRows?: number;
  extraCols?: number;
  testId?: string;
}) {
  const rows = Math.max(sheet.rowCount, 1) + extraRows;
  const cols = Math.max(sheet.colCount, 1) + extraCols;
  const headings = onSelect !== undefined;

  const { byPos, spans, covered } = useMemo(() => {
    const byPos = new Map(sheet.cells.map((c) => [`${c.row}:${c.col}`, c]));
    const spans = new Map<string, { rowSpan: number; colSpan: number }>();
    const covered = new Set<string>();
    for (const range of sheet.merges) {
      const [from, to = from] = range.split(':') as [string, string?];
      const a = cellPosition(from);
      const b = cellPosition(to);
      spans.set(`${a.row}:${a.col}`, { rowSpan: b.row - a.row + 1, colSpan: b.col - a.col + 1 });
      for (let r = a.row; r <= b.row; r++)
        for (let c = a.col; c <= b.col; c++) if (r !== a.row || c !== a.col) covered.add(`${r}:${c}`);
    }
    return { byPos, spans, covered };
  }, [sheet]);

  const widths = Array.from({ length: cols }, (_, i) => colPx(sheet.colWidths[String(i + 1)]));
  // a row holding a signature grows so the image can be read
  const imageRows = new Set(sheet.cells.filter((c) => c.image).map((c) => c.row));

  return (
    <div className="sheet-scroll" data-testid={testId}>
      <table className={headings ? 'sheet-grid sheet-grid-edit' : 'sheet-grid'}>
        <colgroup>
          {headings && <col style={{ width: 40 }} />}
          {widths.map((w, i) => (
            <col key={i} style={{ width: w }} />
          ))}
        </colgroup>
        {headings && (
          <thead>
            <tr>
              <th className="sheet-heading" />
              {widths.map((_, i) => (
                <th key={i} className="sheet-heading">
                  {columnLetters(i + 1)}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {Array.from({ length: rows }, (_, ri) => {
            const row = ri + 1;
            const height = Math.max(rowPx(sheet.rowHeights[String(row)]), imageRows.has(row) ? 44 : 0);
            return (
              <tr key={row}>
                {headings && <th className="sheet-heading">{row}</th>}
                {widths.map((_, ci) => {
                  const col = ci + 1;
                  const key = `${row}:${col}`;
                  if (covered.has(key)) return null;
                  const cell = byPos.get(key);
                  const address = cellAddress(row, col);
                  const mark = marks[address];
                  const classes = [
                    onSelect ? 'sheet-cell-pick' : '',
                    selected === address ? 'sheet-cell-selected' : '',
                    mark ? `sheet-cell-${mark.tone}` : '',
                  ].filter(Boolean);
                  return (
                    <td
                      key={key}
                      {...spans.get(key)}
                      style={cellStyle(cell, height)}
                      className={classes.join(' ') || undefined}
                      onClick={onSelect ? () => onSelect(address) : undefined}
                      data-testid={`cell-${address}`}
                    >
                      {cell?.image ? (
                        <img src={cell.image} alt="" className="sheet-image" />
                      ) : (
                        cellText(cell?.value ?? null, cell?.style?.numFmt, cell?.date)
                      )}
                      {mark && <span className={`sheet-mark sheet-mark-${mark.tone}`}>{mark.label}</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
