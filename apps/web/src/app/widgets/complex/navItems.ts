/**
 * Where an entry of the nav bar or menu leads (docs/requirements/widgets.md §5.1: an equipment page, a
 * page by id, or an external link; same or new window; the entries themselves are
 * `navEntriesOf` of packages/hmi), and the allow-list cleaning of the rich-text widget's HTML.
 */
import { clickEventSchema, type ClickEvent } from '@fieldhub/hmi';
import { obj, str } from '../styleOf';
import type { WidgetRuntime } from '../runtime';

/** A carousel picture (docs/requirements/widgets.md §5.4): its image and its own click event. */
export interface SlidePicture {
  imgUrl: string;
  clickEvent: ClickEvent;
}

/** The enabled pictures with an image, each click event read with its defaults (off when malformed). */
export function slidePictures(raw: unknown): SlidePicture[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map(obj)
    .filter((p) => p['enable'] !== false && str(p['imgUrl'], '').trim())
    .map((p) => {
      const event = clickEventSchema.safeParse(p['clickEvent'] ?? {});
      return {
        imgUrl: str(p['imgUrl'], '').trim(),
        clickEvent: event.success ? event.data : clickEventSchema.parse({}),
      };
    });
}

/** Where an entry leads: a URL and whether it opens in a new window; null when it names nothing. */
export function targetOf(
  clickEvent: Record<string, unknown>,
  scope: WidgetRuntime['scope'],
): { href: string; newWindow: boolean } | null {
  const config = obj(clickEvent['config'] ?? clickEvent);
  const newWindow = config['target'] === '_blank';
  const link = str(config['link'], '').trim();
  if (config['action'] === 'link' || (!config['action'] && link)) {
    return /^https?:\/\//i.test(link) || link.startsWith('/') ? { href: link, newWindow } : null;
  }
  const page = obj(config['page']);
  const equipPageId = str(page['equipPageId'], '');
  // an equipment page is addressed by its page id alone (docs/requirements/monitoring.md §8.1:
  // /monitor/eg/detail/page/{pageId}/{alarm})
  if (equipPageId) return { href: `/monitor/eg/detail/page/${encodeURIComponent(equipPageId)}/0`, newWindow };
  const pageId = str(config['pageId'], '');
  if (!pageId) return null;
  const href =
    scope.kind === 'project'
      ? `/monitor/project/${encodeURIComponent(scope.id)}/page/${encodeURIComponent(pageId)}`
      : `/monitor/eg/detail/page/${encodeURIComponent(pageId)}/0`;
  return { href, newWindow };
}

const ALLOWED_TAGS = new Set([
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'P',
  'BR',
  'SPAN',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'UL',
  'OL',
  'LI',
  'A',
  'IMG',
  'FONT',
  'BLOCKQUOTE',
  'HR',
  'TABLE',
  'TBODY',
  'TR',
  'TD',
  'TH',
]);
const safeUrl = (u: string) => /^(https?:|\/(?!\/)|data:image\/(png|jpeg|gif|webp);)/i.test(u.trim());

/**
 * The rich text's HTML with only formatting tags, http(s) links and images, and inline styles
 * without url() or expressions (no scripts, handlers or frames). Needs a DOM (browser only).
 */
export function cleanRichText(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const walk = (el: Element) => {
    for (const child of [...el.children]) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        child.remove();
        continue;
      }
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        const keep =
          (name === 'style' && !/url\s*\(|expression|javascript:/i.test(attr.value)) ||
          (name === 'href' && child.tagName === 'A' && safeUrl(attr.value)) ||
          (name === 'src' && child.tagName === 'IMG' && safeUrl(attr.value)) ||
          name === 'color' ||
          name === 'align' ||
          name === 'alt';
        if (!keep) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}
