/**
 * Designer constants of docs/requirements/pages-and-designer.md §2.4 and §4 (business constants and limits).
 */

/** Undo depth. */
export const HISTORY_DEPTH = 50;
/** Each repeated paste moves by this much more (the nth paste is offset 50·n). */
export const PASTE_OFFSET = 50;
/** Snap tolerance in px when adsorb is on. */
export const SNAP_TOLERANCE_ADSORB = 5;
/** Snap tolerance in px when adsorb is off. */
export const SNAP_TOLERANCE_DEFAULT = 1;
/** Minimum widget size when drawing or resizing; also the group minimum (2 units). */
export const MIN_SIZE = 2;
/** Edge margin of the canvas. */
export const EDGE_MARGIN = 5;
/** Distance in px within which a pointer grabs a widget edge. */
export const EDGE_DRAG_TOLERANCE = 3;
/** Rotation step of the rotate buttons, degrees. */
export const ROTATION_STEP = 90;
/** Most widgets a page may hold (site constant widgetMaxlength). */
export const WIDGET_MAX = 2000;
/** Most weather widgets a page may hold (site constant weatherMaxlength). */
export const WEATHER_MAX = 3;
/** Most 3D scene (UsualWebgl) widgets a page may hold. */
export const WEBGL_MAX = 1;
/** Default page size and background. */
export const DEFAULT_PAGE_WIDTH = 1024;
export const DEFAULT_PAGE_HEIGHT = 768;
export const DEFAULT_PAGE_BG = '#FFFFFF';
/** Click delay and rotate animation speed, ms. */
export const CLICK_DELAY_MS = 1000;
export const ROTATE_SPEED_MS = 1000;
/** Default popup window size. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 600;
/** Minimum members of a group; distribution needs more than 2 widgets. */
export const GROUP_MIN_MEMBERS = 2;
export const DISTRIBUTE_MIN_WIDGETS = 3;
