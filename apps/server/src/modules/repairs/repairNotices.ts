import type { LocalizedText, RepairAction, RepairOrderRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { insertMessages } from '../../messages/messages.repo';
import type { LiveBus } from '../../monitor/liveBus';

/**
 * Messages of a repair order's changes (docs/requirements/operations.md §2.5, messages.md §1.1):
 * type `order`, subject kind `repair`, subject id the order, to the requester and the repairer
 * (and a repairer the order was taken from), never to the one who made the change.
 */

type Made = { accountId: number; messageId: number };

export interface RepairNotifier {
  /** tells the message sockets about messages already stored (after the transaction) */
  announce(made: readonly Made[]): Promise<void>;
}

export const busNotifier = (bus: LiveBus): RepairNotifier => ({
  async announce(made) {
    if (made.length) await bus.publishMsg({ type: 'msgCreated', items: [...made] });
  },
});

type Change = 'create' | RepairAction;

const TITLE: Record<Change, LocalizedText> = {
  create: { 'zh-CN': '新维修工单', 'en-US': 'New repair order' },
  dispatch: { 'zh-CN': '维修工单已派发', 'en-US': 'Repair order dispatched' },
  accept: { 'zh-CN': '维修工单已接单', 'en-US': 'Repair order accepted' },
  finish: { 'zh-CN': '维修工单已完成', 'en-US': 'Repair order finished' },
  end: { 'zh-CN': '维修工单已提前结束', 'en-US': 'Repair order ended early' },
};

function noteOf(change: Change, o: RepairOrderRow, by: string): LocalizedText {
  const head = { 'zh-CN': `${o.number}（${o.equipmentName}）`, 'en-US': `${o.number} (${o.equipmentName})` };
  switch (change) {
    case 'create':
      return { 'zh-CN': `${head['zh-CN']}：${o.problem}`, 'en-US': `${head['en-US']}: ${o.problem}` };
    case 'dispatch':
      return {
        'zh-CN': `${head['zh-CN']} 由 ${by} 派发给 ${o.repairerName}：${o.problem}`,
        'en-US': `${head['en-US']} dispatched by ${by} to ${o.repairerName}: ${o.problem}`,
      };
    case 'accept':
      return { 'zh-CN': `${head['zh-CN']} 已由 ${by} 接单`, 'en-US': `${head['en-US']} accepted by ${by}` };
    case 'finish':
      return {
        'zh-CN': `${head['zh-CN']} 已由 ${by} 完成：${o.content}`,
        'en-US': `${head['en-US']} finished by ${by}: ${o.content}`,
      };
    case 'end':
      return {
        'zh-CN': `${head['zh-CN']} 已由 ${by} 提前结束：${o.endReason}`,
        'en-US': `${head['en-US']} ended early by ${by}: ${o.endReason}`,
      };
  }
}

/** Stores the messages of one change in the change's transaction; returns them for `announce`. */
export async function notifyOrderChange(
  tx: Db,
  auth: AuthContext,
  order: RepairOrderRow,
  change: Change,
  previousRepairerId: number | null = null,
): Promise<Made[]> {
  const to = new Set(
    [order.requesterId, order.repairerId, previousRepairerId].filter(
      (id): id is number => id !== null && id !== auth.accountId,
    ),
  );
  const title = TITLE[change];
  const note = noteOf(change, order, auth.loginname);
  return insertMessages(
    tx,
    [...to].map((accountId) => ({
      orgId: auth.orgId,
      accountId,
      type: 'order' as const,
      equipType: 'repair' as const,
      dataId: order.id,
      title: title['zh-CN'],
      note: note['zh-CN'],
      data: {
        equipmentId: order.equipmentId,
        number: order.number,
        state: order.state,
        i18n: { title, note },
      },
    })),
  );
}
