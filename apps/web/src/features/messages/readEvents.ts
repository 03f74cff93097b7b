import type { MsgEquipType } from '@fieldhub/shared';

/**
 * Tells the alarm sound that messages were read in this tab (list actions, a detail opened), so
 * it falls silent for them at once: their ids, 'all' after "mark all read", or every message
 * about one item (a device's alarm messages marked read when its detail opens).
 */
export type ReadChange = number[] | 'all' | { equipType: MsgEquipType; dataId: number };

const listeners = new Set<(change: ReadChange) => void>();

export function onMessagesRead(listener: (change: ReadChange) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function messagesRead(change: ReadChange): void {
  for (const listener of listeners) listener(change);
}
