/**
 * Runs work for one device after the work queued before it for the same device, so two batches
 * (or a batch and a gateway status change) of one device are never judged at the same time.
 * Different devices run concurrently. A failed piece of work does not stop the next one.
 */
export class DeviceQueue {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(equipmentId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(equipmentId) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(equipmentId, tail);
    // forget an idle device so the map holds only devices with work in flight
    void tail.then(() => {
      if (this.tails.get(equipmentId) === tail) this.tails.delete(equipmentId);
    });
    return result;
  }

  /** Resolves when all work queued so far has finished. */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }
}
