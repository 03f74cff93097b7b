/**
 * Group commit for small statements made per message (a gateway's uplink): the calls that arrive
 * while one statement is in flight go together as the next, so a busy link runs one statement per
 * round trip instead of one per uplink, and a lone call waits for nothing. Each call still waits
 * for a statement started after it was made, so it sees what was committed before it.
 */

/** A call per key whose answers come from one `run` over the keys of every waiting call. */
export type Coalesced<K, V> = (key: K) => Promise<V>;

interface Waiting<V> {
  resolve(value: V): void;
  reject(err: unknown): void;
}

/**
 * `run` gets the keys of the calls waiting (each key once, in the order first asked) and answers
 * per key; a call gets its key's answer, or `absent` when `run` left the key out. A failure of
 * `run` rejects every call it served. At most `parallel` runs are in flight.
 */
export function coalesce<K, V>(
  run: (keys: K[]) => Promise<ReadonlyMap<K, V> | void>,
  absent: V,
  parallel = 1,
): Coalesced<K, V> {
  let queue = new Map<K, Waiting<V>[]>();
  let inFlight = 0;
  let kicked = false;

  const start = (group: Map<K, Waiting<V>[]>) => {
    inFlight++;
    Promise.resolve()
      .then(() => run([...group.keys()]))
      .then(
        (answers) => {
          for (const [key, waiting] of group) {
            const value = answers && answers.has(key) ? answers.get(key)! : absent;
            for (const w of waiting) w.resolve(value);
          }
        },
        (err: unknown) => {
          for (const waiting of group.values()) for (const w of waiting) w.reject(err);
        },
      )
      .finally(() => {
        inFlight--;
        kick();
      });
  };

  // the calls of the current turn of the microtasks join before the statement starts
  function kick(): void {
    if (kicked || inFlight >= parallel || !queue.size) return;
    kicked = true;
    queueMicrotask(() => {
      kicked = false;
      if (inFlight >= parallel || !queue.size) return;
      const group = queue;
      queue = new Map();
      start(group);
    });
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const waiting = queue.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else queue.set(key, [{ resolve, reject }]);
      kick();
    });
}
