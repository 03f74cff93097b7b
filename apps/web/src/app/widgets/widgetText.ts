/**
 * The designer's translate function for widget bodies, given once by the canvas: thousands of
 * widgets read a context instead of each subscribing to i18next (a noticeable share of the
 * open time of a 2,000-widget page).
 */
import { createContext, useContext } from 'react';
import type { Translate } from '../useT';

export const WidgetTextContext = createContext<Translate<'designer'> | null>(null);

export function useWidgetText(): Translate<'designer'> {
  const t = useContext(WidgetTextContext);
  if (!t) throw new Error('widget bodies render inside the designer canvas');
  return t;
}
