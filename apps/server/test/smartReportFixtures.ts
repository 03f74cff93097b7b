/**
 * Test helpers for the smart reports (docs/requirements/data-views.md §4): a template workbook
 * made with exceljs, a device with variables and stored history, and the calls' paths.
 */
import ExcelJS from 'exceljs';
import type { Db } from '../src/db/db';
import { ensureMonthPartitions } from '../src/link/partitions';
import { storeValues } from '../src/link/telemetryStore';
import type { Caller } from './harness';
import { deviceWithGateway, modbusDriver, variable } from './deviceFixtures';

export const excel = '/lfscada/excel';

/**
 * A template as an operator would draw it: a title merged over A1:D1 in bold 16 pt, labels with
 * thin borders, B3 with a two-decimal number format, a filled header and set column widths.
 */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Shift log');
  ws.columns = [{ width: 18 }, { width: 14 }, { width: 14 }, { width: 20 }];
  ws.mergeCells('A1:D1');
  ws.getCell('A1').value = 'Boiler shift log';
  ws.getCell('A1').font = { bold: true, size: 16, color: { argb: 'FF1F4E79' } };
  ws.getCell('A1').alignment = { horizontal: 'center' };
  ws.getRow(1).height = 28;
  ws.getCell('A2').value = 'Item';
  ws.getCell('A2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
  const thin = { style: 'thin' as const, color: { argb: 'FF000000' } };
  for (const address of ['A3', 'B3', 'A4', 'B4', 'A5', 'B5', 'A6', 'B6', 'A7', 'B7']) {
    ws.getCell(address).border = { top: thin, left: thin, bottom: thin, right: thin };
  }
  ws.getCell('A3').value = 'Temperature';
  ws.getCell('B3').numFmt = '0.00';
  ws.getCell('A4').value = 'Max temperature';
  ws.getCell('C4').value = { formula: 'B4*2', result: 0 };
  ws.getCell('A5').value = 'Operator note';
  ws.getCell('A6').value = 'Pressure reading';
  ws.getCell('A7').value = 'Signature';
  ws.getCell('D2').value = new Date(Date.UTC(2026, 0, 2));
  ws.getCell('D2').numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A device of the caller's enterprise (its gateway registered by `operator`) with two variables. */
export async function boilerDevice(admin: Caller, operator: Caller, name = 'Boiler') {
  const { id: equipmentId, owner } = await deviceWithGateway(admin, operator, name);
  const plc = await modbusDriver(admin, owner);
  const temp = await variable(admin, owner, plc, 'temp', { unit: '°C', storeHistory: true, decimals: 1 });
  const pressure = await variable(admin, owner, plc, 'pressure', { address: '1', storeHistory: true });
  return { equipmentId, temp, pressure };
}

/** Stores history of one variable: `values[i]` at `start + i * stepMs`. */
export async function storeHistory(
  db: Db,
  equipmentId: number,
  variableId: number,
  start: number,
  stepMs: number,
  values: number[],
): Promise<void> {
  const rows = values.map((value, i) => ({ variableId, ts: start + i * stepMs, value, quality: 0 }));
  await ensureMonthPartitions(
    db,
    'signal_values',
    rows.map((r) => r.ts),
  );
  await storeValues(db, equipmentId, rows);
}

/** A 1×1 PNG, as a signature pad would send (as a data URL). */
export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
