import { describe, expect, it } from 'vitest';
import { exportFileName, fileNameOf } from './downloadNames';

describe('download file names', () => {
  it('prefers the encoded filename* of the Content-Disposition header', () => {
    expect(fileNameOf(`attachment; filename="devices.xlsx"; filename*=UTF-8''%E8%AE%BE%E5%A4%87.xlsx`)).toBe(
      '设备.xlsx',
    );
  });

  it('reads a plain filename and gives up without a header', () => {
    expect(fileNameOf('attachment; filename="device-template.xlsx"')).toBe('device-template.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });

  it('stamps export file names with the local date and time', () => {
    expect(exportFileName('devices', new Date(2025, 2, 4, 9, 5))).toBe('devices-20250304-0905.xlsx');
  });
});
