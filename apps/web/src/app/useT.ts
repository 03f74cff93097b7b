/**
 * Typed translation: a key that is not in the locale files is a compile error.
 *
 * Why a wrapper over generated key unions rather than i18next's own typing (CustomTypeOptions with
 * the JSON as resources): measured on this app (2,050 keys in 20 namespaces), i18next's typing
 * doubled the type instantiations of the web typecheck (3.1 M to 6.1 M) and cost 30 to 40 % more
 * CPU with the native compiler, over the 25 % this project accepts, and its errors list every
 * overload of t. Here a namespace's keys are one plain union of string literals
 * (`i18nKeys.ts`, written by apps/web/scripts/i18nKeys.ts from the zh-CN files, kept current by
 * test/locales.test.ts): checking a key is a lookup in that union, and a wrong key reads
 * "'x' is not assignable to parameter of type KeyOf<'monitor'>".
 *
 * Keys resolve as react-i18next resolves them: a bare key in the hook's namespace, a key of any
 * namespace with its name ('common:ok'; every namespace is bundled, see i18n.ts). A key built at
 * run time is typed by what builds it: a template over a union (`status.${GatewayStatus}`) is
 * checked member by member, and an open value from the server goes through a typed map of the
 * values that have a text.
 */
import type { TOptions } from 'i18next';
// eslint-disable-next-line no-restricted-imports -- the one place that reads react-i18next's hook
import { useTranslation } from 'react-i18next';
import { isLang, DEFAULT_LANG, type Lang } from '@fieldhub/shared';
import i18n from './i18n';
import type { NamespaceKeys } from './i18nKeys';

export type Namespace = keyof NamespaceKeys;

/** A key named with its namespace, resolvable from every t. */
export type QualifiedKey = { [N in Namespace]: `${N}:${NamespaceKeys[N]}` }[Namespace];

/** The keys a t of namespace N takes: its own bare, any namespace's qualified. */
export type KeyOf<N extends Namespace> = NamespaceKeys[N] | QualifiedKey;

/**
 * The translate function of namespace N; `T` alone takes qualified keys only, so every `T<N>` can
 * be handed to a helper typed `T` (one typed `T<'common'>` needs a t of that namespace: its bare
 * keys resolve nowhere else).
 */
export type T<N extends Namespace = never> = (key: KeyOf<N>, options?: TOptions) => string;

/** The translate function of a namespace; the component renders again when the language changes. */
export function useT<N extends Namespace>(ns: N): { t: T<N> } {
  const { t } = useTranslation(ns);
  return { t: t as unknown as T<N> };
}

/** The app language; the component renders again when it changes. */
export function useLang(): Lang {
  const { i18n: current } = useTranslation();
  return isLang(current.language) ? current.language : DEFAULT_LANG;
}

/** Translation outside React (the request client's messages): qualified keys only. */
// eslint-disable-next-line no-restricted-syntax -- the typed door to i18n.t
export const translate: T = (key, options) => i18n.t(key, options);
