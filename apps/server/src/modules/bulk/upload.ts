import type { FastifyRequest } from 'fastify';
import { AppError, Err, type Lang, type LocalizedText } from '@fieldhub/shared';
import { readOneFile, type FileUpload } from '../../http/uploadLimit';

/**
 * Largest import file (docs/requirements/devices-and-gateways.md §10; 10 MB is far above a 5000-row sheet).
 */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** An uploaded import file with the form fields sent beside it. */
export type Upload = FileUpload;

/**
 * A catalogue error whose message carries an explanation after the catalogue text. The
 * catalogue's 10007 has no placeholder, and "save it as .xlsx" is what the user needs to read.
 */
export class ExplainedError extends AppError {
  constructor(
    code: number,
    readonly explanation: LocalizedText,
  ) {
    super(code, { data: { detail: explanation } });
  }

  override messageIn(lang: Lang): string {
    return `${super.messageIn(lang)}${lang === 'zh-CN' ? '：' : ': '}${this.explanation[lang]}`;
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const saveAsXlsx: LocalizedText = {
  'zh-CN': '暂不支持 .xls（Excel 97-2003）文件，请在 Excel 中另存为 .xlsx 后再导入',
  'en-US': '.xls (Excel 97-2003) files cannot be read; save the file as .xlsx in Excel and import it again',
};
const xlsOnly: LocalizedText = {
  'zh-CN': '请上传 .xls 或 .xlsx 文件',
  'en-US': 'Please upload an .xls or .xlsx file',
};

/**
 * Reads a multipart import: one file (at most `maxBytes`, by default 10 MB, 10008 as soon as the declared length or the
 * bytes read say so) and short text fields. The file must be named .xls or .xlsx and its content
 * must match (10007); an old binary .xls is refused with a hint to save it as .xlsx, since no
 * maintained pure-JS reader of that format is installed.
 */
export async function readImportUpload(req: FastifyRequest, maxBytes = IMPORT_MAX_BYTES): Promise<Upload> {
  const upload = await readOneFile(req, { maxBytes });
  if (!/\.xlsx?$/i.test(upload.filename)) throw new ExplainedError(Err.fileFormatWrong, xlsOnly);
  if (upload.content.subarray(0, 8).equals(OLE_MAGIC))
    throw new ExplainedError(Err.fileFormatWrong, saveAsXlsx);
  if (!upload.content.subarray(0, 4).equals(ZIP_MAGIC))
    throw new ExplainedError(Err.fileFormatWrong, xlsOnly);
  return upload;
}

/** A form field holding JSON (`owner` of a variable import), or 10001 naming the field. */
export function jsonField(upload: Upload, name: string): unknown {
  const text = upload.fields[name];
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(Err.parameterCheckFailed, { params: { detail: `${name}: JSON` } });
  }
}
