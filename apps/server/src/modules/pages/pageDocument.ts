import { emptyPage, parsePage, WIDGET_MAX, type PageDocument } from '@fieldhub/hmi';
import {
  AppError,
  Err,
  PAGE_DOCUMENT_MAX_BYTES,
  type Lang,
  type PageDocumentIssue,
  type PageOwnerKind,
} from '@fieldhub/shared';

/** A document checked by packages/hmi, ready to store, with the password it asked for. */
export interface CheckedDocument {
  document: PageDocument;
  /** options.checkpwd of the document */
  checkpwd: boolean;
  /** options.password of the document ('' = keep the stored one) */
  password: string;
}

/**
 * Validates a page document before it is stored: at most PAGE_DOCUMENT_MAX_BYTES of JSON (1907),
 * at most WIDGET_MAX widgets (1908), and what hmi's `parsePage` accepts (1906 with the issues in
 * the caller's language as `data.issues`). Older document versions are migrated by `parsePage`.
 */
export function checkDocument(raw: unknown, lang: Lang): CheckedDocument {
  const bytes = Buffer.byteLength(JSON.stringify(raw ?? null), 'utf8');
  if (bytes > PAGE_DOCUMENT_MAX_BYTES) {
    throw new AppError(Err.pageDocumentTooLarge, { params: { max: PAGE_DOCUMENT_MAX_BYTES / 1024 / 1024 } });
  }
  const widgets = (raw as { widgets?: unknown } | null)?.widgets;
  if (Array.isArray(widgets) && widgets.length > WIDGET_MAX) {
    throw new AppError(Err.pageWidgetLimit, { params: { max: WIDGET_MAX } });
  }
  const parsed = parsePage(raw);
  if (!parsed.ok) {
    if (parsed.issues.some((i) => i.code === 'widgetMax')) {
      throw new AppError(Err.pageWidgetLimit, { params: { max: WIDGET_MAX } });
    }
    throw documentInvalid(parsed.issues, lang);
  }
  const { password, checkpwd } = parsed.page.options;
  return { document: parsed.page, checkpwd, password };
}

/** 1906 naming the first issue (and how many more), every issue in the caller's language as `data.issues`. */
export function documentInvalid(
  issues: readonly { code: string; path: string; zh: string; en: string }[],
  lang: Lang,
): AppError {
  const shown: PageDocumentIssue[] = issues.map((i) => ({
    code: i.code,
    path: i.path,
    message: lang === 'zh-CN' ? i.zh : i.en,
  }));
  const first = issues[0]!;
  const more = issues.length - 1;
  const at = first.path ? ` (${first.path})` : '';
  return new AppError(Err.pageDocumentInvalid, {
    params: {
      detail: {
        'zh-CN': `${first.zh}${at}${more > 0 ? `，另有 ${more} 处问题` : ''}`,
        'en-US': `${first.en}${at}${more > 0 ? `, and ${more} more` : ''}`,
      },
    },
    data: { issues: shown },
  });
}

/**
 * The document as stored: title = the page name, owner fields set, protection mirrored from the
 * row, and never the plain password (it is kept hashed on the row only).
 */
export function storedDocument(
  document: PageDocument,
  page: { name: string; ownerKind: PageOwnerKind; ownerId: number; protected: boolean },
): PageDocument {
  const owner = { equipmentId: '', templateId: '', projectId: '' };
  owner[`${page.ownerKind}Id` as const] = String(page.ownerId);
  return {
    ...document,
    options: {
      ...document.options,
      ...owner,
      title: page.name,
      checkpwd: page.protected,
      password: '',
    },
  };
}

/** The document of a new page: hmi's empty page (1024×768, white). */
export function newPageDocument(name: string, ownerKind: PageOwnerKind, ownerId: number): PageDocument {
  return storedDocument(emptyPage(), { name, ownerKind, ownerId, protected: false });
}
