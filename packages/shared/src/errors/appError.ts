import { messageFor, type Lang } from './catalogue';

/** A text given in both languages, for parameters that are words rather than numbers. */
export type LocalizedText = Readonly<Record<Lang, string>>;

/** Parameters interpolated into a catalogue message, e.g. `{minutes: 15}`. */
export type MessageParams = Record<string, string | number | LocalizedText>;

function paramsIn(
  params: MessageParams | undefined,
  lang: Lang,
): Record<string, string | number> | undefined {
  if (!params) return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'object' ? v[lang] : v;
  return out;
}

/**
 * The one error type that crosses a boundary. It carries a catalogue code; the message is
 * resolved in the caller's language only when the error is turned into a response.
 */
export class AppError extends Error {
  readonly code: number;
  readonly params: MessageParams | undefined;
  readonly data: unknown;

  constructor(code: number, options: { params?: MessageParams; data?: unknown; cause?: unknown } = {}) {
    super(messageFor(code, 'en-US', paramsIn(options.params, 'en-US')), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.params = options.params;
    this.data = options.data ?? null;
  }

  messageIn(lang: Lang): string {
    return messageFor(this.code, lang, paramsIn(this.params, lang));
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
