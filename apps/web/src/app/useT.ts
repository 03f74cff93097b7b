/**
 * Typed translation: a key that is not in the locale files is a compile error.
 *
 * Why a wrapper over generated key unions rather than i18next's own typing (CustomTypeOptions with
 * the JSON as resources): measured on this app (2,060 keys in 20 namespaces), i18next's typing
 * doubled the type instantiations of the web typecheck (3.1 M to 6.2 M) and added about 25 % to
 * its check time and 30 % to its CPU with the native compiler, at the limit this project accepts,
 * and its errors list every overload of t. Here a namespace's keys are one plain union of string
 * literals (`i18nKeys.ts`, written by apps/web/scripts/i18nKeys.ts from the zh-CN files, kept
 * current by test/locales.test.ts): checking a key is a lookup in that union (the typecheck took
 * no longer than with untyped keys, nor did ESLint's typed lint), and a wrong key reads
 * "'x' is not assignable to parameter of type KeyOf<'monitor'>".
 *
 * Keys resolve as react-i18next resolves them: a bare key in the hook's namespace, a key of any
 * namespace with its name ('common:saved'; every namespace is bundled, see i18n.ts). A key built
 * at run time is typed by what builds it: a template over a union (`status.${GatewayStatus}`) is
 * checked member by member (an operation log action of `OPERATION_ACTIONS`); a value the server
 * names and may extend (a notification error) goes through `textUnder`, whose prefix is checked
 * and whose key is looked up before use.
 * Components call `useT`, other code `translate`; lint refuses react-i18next's hook and i18n.t.
 */
import type { TOptions } from 'i18next';
// eslint-disable-next-line no-restricted-imports -- the one place that reads react-i18next's hook
import { useTranslation } from 'react-i18next';
import { isLang, DEFAULT_LANG, type Lang } from '@fieldhub/shared';
import i18n from './i18n';
import type { NamespaceKeys } from './i18nKeys';

export type Namespace = keyof NamespaceKeys;

/** The keys of namespace N, bare. */
export type KeyIn<N extends Namespace> = NamespaceKeys[N];

/** A key named with its namespace, resolvable from every t. */
export type QualifiedKey = { [N in Namespace]: `${N}:${NamespaceKeys[N]}` }[Namespace];

/** The keys a t of namespace N takes: its own bare, any namespace's qualified. */
export type KeyOf<N extends Namespace> = NamespaceKeys[N] | QualifiedKey;

/**
 * The translate function of namespace N. `Translate` alone takes qualified keys only, so every
 * `Translate<N>` can be handed to a helper typed `Translate` (one typed `Translate<'common'>`
 * needs a t of that namespace: its bare keys resolve nowhere else).
 */
export type Translate<N extends Namespace = never> = (key: KeyOf<N>, options?: TOptions) => string;

/** The translate function of a namespace; the component renders again when the language changes. */
export function useT<N extends Namespace>(ns: N): { t: Translate<N> } {
  const { t } = useTranslation(ns);
  return { t: t as unknown as Translate<N> };
}

/** The app language; the component renders again when it changes. */
export function useLang(): Lang {
  const { i18n: current } = useTranslation();
  return isLang(current.language) ? current.language : DEFAULT_LANG;
}

/** Keys of namespace N that start with P. */
export type KeysUnder<N extends Namespace, P extends string> = Extract<KeyIn<N>, `${P}${string}`>;

/**
 * The text of the key `prefix + value` for a value the server names and may extend (a
 * notification error, an aggregation), or the value itself when no key has it.
 * `prefix` is qualified ('monitor:aggregation.'); one that no key starts with does not compile.
 */
export function textUnder<P extends string>(
  t: Translate,
  prefix: P & ([Extract<QualifiedKey, `${P}${string}`>] extends [never] ? 'no key starts so' : unknown),
  value: string,
): string {
  const key = `${prefix}${value}`;
  const colon = key.indexOf(':');
  // the zh-CN files are the source of the key types; the locale test keeps en-US on the same keys
  const known = typeof i18n.getResource('zh-CN', key.slice(0, colon), key.slice(colon + 1)) === 'string';
  return known ? t(key as QualifiedKey) : value;
}

/** Translation outside React (the request client's messages): qualified keys only. */
// eslint-disable-next-line no-restricted-syntax -- the typed door to i18n.t
export const translate: Translate = (key, options) => i18n.t(key, options);
