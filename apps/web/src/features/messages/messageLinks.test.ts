import { describe, expect, it } from 'vitest';
import { messageTarget, tabOfMenuType, tabOfPath } from './messageLinks';

const row = (type: string, equipType: string, dataId: number | null) =>
  ({ id: 42, type, equipType, dataId }) as Parameters<typeof messageTarget>[0];

describe('message links', () => {
  it("leads an alarm to its device's messages, keeping the tab it came from", () => {
    expect(messageTarget(row('alarm', 'eg', 7), 'unReaden')).toEqual({
      path: '/msg/detail/unReaden/alarm/eg/7',
      newWindow: false,
    });
  });

  it('leads reminders and public notices to their own details', () => {
    expect(messageTarget(row('expire', 'card', 3)).path).toBe('/msg/detail/all/expire/card/3');
    expect(messageTarget(row('expire', 'project', 4)).path).toBe('/msg/detail/all/expire/project/4');
    expect(messageTarget(row('expire', 'api', 5)).path).toBe('/msg/detail/all/expire/api/5');
    expect(messageTarget(row('notice', 'public', 6)).path).toBe('/msg/detail/all/notice/public/6');
  });

  it('opens wallet messages and messages about no item in a new window by message id', () => {
    expect(messageTarget(row('payment', 'wallet', 9))).toEqual({
      path: '/system/msg/detail/42/wallet',
      newWindow: true,
    });
    expect(messageTarget(row('order', 'repair', null))).toEqual({
      path: '/system/msg/detail/42/order',
      newWindow: true,
    });
  });

  it('knows the tab of a list path and of a detail menu type', () => {
    expect(tabOfPath('/msg/messageReaden').readState).toBe('read');
    expect(tabOfPath('/msg/messageUnReaden').readState).toBe('unread');
    expect(tabOfPath('/msg/messageAll').readState).toBe('all');
    expect(tabOfMenuType('unReaden').path).toBe('/msg/messageUnReaden');
    expect(tabOfMenuType('bogus').path).toBe('/msg/messageAll');
  });
});
