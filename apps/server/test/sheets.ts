import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../src/modules/auth/sessions';
import type { Caller } from './harness';

/**
 * Downloads a file answer (an .xlsx export) as `caller`, with a JSON body and the language given.
 * `rows` holds the first sheet's rows (cells from column A) when the answer is a workbook.
 */
export async function download(
  app: FastifyInstance,
  caller: Caller,
  url: string,
  body: Record<string, unknown>,
  lang: 'zh-CN' | 'en-US' = 'en-US',
): Promise<{ res: LightMyRequestResponse; rows: unknown[][] }> {
  const session = caller.cookie(SESSION_COOKIE);
  if (!session) throw new Error('no session cookie');
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: `${SESSION_COOKIE}=${session}`,
      'content-type': 'application/json',
      'accept-language': lang,
    },
    payload: JSON.stringify(body),
  });
  if (!String(res.headers['content-type']).includes('spreadsheetml')) return { res, rows: [] };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows = (wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
  return { res, rows };
}
