import { TIMERS } from '@fieldhub/shared';

/**
 * The "title" prompt of a new message (docs/requirements/messages.md §4.2): the browser tab's title scrolls
 * one character every 200 ms for 10 s, then the title the page had before comes back.
 */

/** The title after `step` scroll steps: the text rotated left by one character per step. */
export function titleScrollFrame(text: string, step: number): string {
  const chars = Array.from(text); // code points, so a CJK or emoji character never splits
  if (chars.length < 2) return text;
  const shift = ((step % chars.length) + chars.length) % chars.length;
  return [...chars.slice(shift), ...chars.slice(0, shift)].join('');
}

/** Every title shown during one scroll: one frame per step, `durationMs / stepMs` of them. */
export function titleScrollFrames(
  text: string,
  durationMs: number = TIMERS.notificationDisplay,
  stepMs: number = TIMERS.titleScrollStep,
): string[] {
  const steps = Math.max(0, Math.floor(durationMs / stepMs));
  return Array.from({ length: steps }, (_, i) => titleScrollFrame(text, i + 1));
}

/** The part of `document` the scroller touches (a plain object in tests). */
export interface TitleTarget {
  title: string;
}

export interface TitleScrollerOptions {
  durationMs?: number;
  stepMs?: number;
}

/**
 * Runs the scroll on a document. A new message during a scroll starts it again with the new
 * text, and the end still restores the title of before the first one.
 */
export class TitleScroller {
  private timer: ReturnType<typeof setInterval> | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  private original: string | null = null;

  constructor(
    private readonly target: TitleTarget,
    private readonly options: TitleScrollerOptions = {},
  ) {}

  get running(): boolean {
    return this.timer !== null;
  }

  start(text: string): void {
    const durationMs = this.options.durationMs ?? TIMERS.notificationDisplay;
    const stepMs = this.options.stepMs ?? TIMERS.titleScrollStep;
    this.clearTimers();
    this.original ??= this.target.title;
    let step = 0;
    this.target.title = text;
    this.timer = setInterval(() => {
      step++;
      this.target.title = titleScrollFrame(text, step);
    }, stepMs);
    this.endTimer = setTimeout(() => this.stop(), durationMs);
  }

  /** Ends the scroll now and puts the page's own title back. */
  stop(): void {
    this.clearTimers();
    if (this.original !== null) this.target.title = this.original;
    this.original = null;
  }

  private clearTimers(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.endTimer) clearTimeout(this.endTimer);
    this.timer = null;
    this.endTimer = null;
  }
}
