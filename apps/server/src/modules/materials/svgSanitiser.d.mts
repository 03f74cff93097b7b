/** Types of svgSanitiser.mjs (plain JavaScript so its worker runs without a loader). */

export interface SanitiseLimits {
  /** elements of the document; beyond them 'tooLarge' */
  maxElements: number;
  /** nesting of elements; beyond it 'tooDeep' */
  maxDepth: number;
}

export type SanitiseRefusal = 'encoding' | 'entity' | 'format' | 'tooDeep' | 'tooLarge';

export type SanitisedSvg =
  | {
      ok: true;
      /** the SVG as stored: starts with `<svg`, well-formed, unchanged by another sanitising */
      svg: string;
      /** unsafe parts left out (comments, the XML declaration and editors' metadata do not count) */
      removed: number;
      /**
       * of `removed`, the references to outside the image: an href other than `#id` or inline
       * raster data, a CSS `url(`, `@import` or escape, an animated href, an `<?xml-stylesheet?>`
       */
      outside: number;
    }
  | { ok: false; reason: SanitiseRefusal };

export const SANITISE_LIMITS: SanitiseLimits;

/** Why a CSS text may run something or reach outside the image, or null. */
export function cssProblem(css: string): string | null;

export function sanitiseSvg(content: string | Uint8Array, limits?: SanitiseLimits): SanitisedSvg;
