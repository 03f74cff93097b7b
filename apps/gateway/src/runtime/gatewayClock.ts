/**
 * The time the gateway dates what it sends by: its own clock plus the offset the platform's last
 * `time` command gave (docs/requirements/gateway-link.md §4.3). The gateway never sets the
 * system clock (it may not be allowed to, and other programs rely on it).
 */
export class GatewayClock {
  private offset = 0;

  constructor(private readonly system: () => number = Date.now) {}

  /** milliseconds since the epoch, corrected */
  readonly now = (): number => this.system() + this.offset;

  /** ms added to the system clock */
  get offsetMs(): number {
    return this.offset;
  }

  /** Takes the platform's time as now; answers the new offset. */
  set(serverTs: number): number {
    this.offset = Math.round(serverTs - this.system());
    return this.offset;
  }
}
