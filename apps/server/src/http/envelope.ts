import type { Envelope, Lang } from '@fieldhub/shared';

const okText: Record<Lang, string> = { 'zh-CN': '操作成功', 'en-US': 'Success' };

export function ok<T>(data: T, lang: Lang, code: '200' | '201' = '200'): Envelope<T> {
  return { code, message: okText[lang], data };
}

export const successText = (lang: Lang): string => okText[lang];
