import { TIMERS } from '@fieldhub/shared';

/**
 * The unread-notification flag of docs/requirements/messages.md §4.3: a new message raises it (and is
 * announced); it resets 10 s later and the unread count is fetched again. Messages arriving while it is
 * raised join the announcement already on screen instead of opening one popup each (an alarm flood
 * would otherwise cover the screen).
 */
export class UnreadNotice {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending = 0;

  constructor(
    private readonly onReset: () => void,
    private readonly resetMs: number = TIMERS.notificationDisplay,
  ) {}

  /** Raises the flag for a new message; answers how many messages the raised flag now covers. */
  raise(): number {
    this.pending++;
    if (!this.timer)
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pending = 0;
        this.onReset();
      }, this.resetMs);
    return this.pending;
  }

  get raised(): boolean {
    return this.timer !== null;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = 0;
  }
}
