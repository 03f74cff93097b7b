import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { unreadBadgeText } from './unreadBadge';
import { TitleScroller, titleScrollFrame, titleScrollFrames } from './titleScroll';
import { UnreadNotice } from './unreadNotice';
import { AlarmAnnouncer, broadcastRounds, type AlarmAnnouncement } from './alarmAnnouncer';

describe('unread badge', () => {
  it('shows nothing without unread messages, the count up to 99 and 99+ above', () => {
    expect(unreadBadgeText(0)).toBe('');
    expect(unreadBadgeText(-3)).toBe('');
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(12_345)).toBe('99+');
  });
});

describe('title scroll', () => {
  it('rotates the title one character per step, whole CJK characters included', () => {
    expect(titleScrollFrame('abc', 0)).toBe('abc');
    expect(titleScrollFrame('abc', 1)).toBe('bca');
    expect(titleScrollFrame('abc', 4)).toBe('bca');
    expect(titleScrollFrame('【新消息】泵', 1)).toBe('新消息】泵【');
    expect(titleScrollFrame('x', 5)).toBe('x');
  });

  it('has 50 frames over 10 s at 200 ms, each a rotation of the text', () => {
    const frames = titleScrollFrames('New alarm: pump');
    expect(frames).toHaveLength(50);
    expect(frames[0]).toBe('ew alarm: pumpN');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.nat(200), (text, step) => {
        const frame = titleScrollFrame(text, step);
        expect(Array.from(frame).sort()).toEqual(Array.from(text).sort());
        expect(titleScrollFrame(text, step + Array.from(text).length)).toBe(frame);
      }),
    );
  });

  describe('on a document', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('scrolls every 200 ms for 10 s and then restores the page title', () => {
      const doc = { title: 'FieldHub' };
      const scroller = new TitleScroller(doc);
      scroller.start('abcd');
      expect(doc.title).toBe('abcd');
      vi.advanceTimersByTime(200);
      expect(doc.title).toBe('bcda');
      vi.advanceTimersByTime(199);
      expect(doc.title).toBe('bcda');
      vi.advanceTimersByTime(1);
      expect(doc.title).toBe('cdab');
      vi.advanceTimersByTime(10_000 - 401);
      expect(scroller.running).toBe(true);
      vi.advanceTimersByTime(1);
      expect(doc.title).toBe('FieldHub');
      expect(scroller.running).toBe(false);
    });

    it('starts again for a second message and still restores the first title', () => {
      const doc = { title: 'FieldHub' };
      const scroller = new TitleScroller(doc);
      scroller.start('one!');
      vi.advanceTimersByTime(6_000);
      scroller.start('two?');
      expect(doc.title).toBe('two?');
      vi.advanceTimersByTime(9_999);
      expect(doc.title).not.toBe('FieldHub');
      vi.advanceTimersByTime(1);
      expect(doc.title).toBe('FieldHub');
    });
  });
});

describe('unread notification flag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resets 10 s after the first message and asks for the unread count once', () => {
    const refetch = vi.fn();
    const notice = new UnreadNotice(refetch);
    expect(notice.raise()).toBe(1);
    vi.advanceTimersByTime(4_000);
    expect(notice.raise()).toBe(2);
    vi.advanceTimersByTime(5_999);
    expect(refetch).not.toHaveBeenCalled();
    expect(notice.raised).toBe(true);
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(notice.raised).toBe(false);
    expect(notice.raise()).toBe(1);
    notice.dispose();
    vi.advanceTimersByTime(20_000);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

describe('alarm announcer', () => {
  const alarm = (messageId: number, times: number, alarmId: number | null = messageId * 10) =>
    ({ messageId, alarmId, dataId: 7, text: `alarm ${messageId}`, times }) satisfies AlarmAnnouncement;

  function rig(handledAfter: Record<number, number> = {}) {
    const spoken: string[] = [];
    const asked: number[] = [];
    let release: (() => void) | null = null;
    const announcer = new AlarmAnnouncer({
      play: async (text, signal) => {
        spoken.push(text);
        // each sound plays until the test lets it finish, or it is cut off
        await new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener('abort', () => resolve());
        });
      },
      isHandled: async (a) => {
        asked.push(a.alarmId!);
        const limit = handledAfter[a.messageId];
        return limit !== undefined && spoken.filter((s) => s === a.text).length >= limit;
      },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    /** lets the sound playing now finish, and the announcer go on to its next step */
    const finish = async () => {
      await settle();
      release?.();
      release = null;
      await settle();
    };
    return { announcer, spoken, asked, finish };
  }

  it('speaks an alarm alarmBroadcastTimes times, then the next one', async () => {
    const r = rig();
    r.announcer.announce(alarm(1, 3));
    r.announcer.announce(alarm(2, 1));
    for (let i = 0; i < 5; i++) await r.finish();
    expect(r.spoken).toEqual(['alarm 1', 'alarm 1', 'alarm 1', 'alarm 2']);
    expect(r.announcer.busy).toBe(false);
  });

  it('stops repeating once the server says the alarm was handled', async () => {
    const r = rig({ 1: 2 });
    r.announcer.announce(alarm(1, 5));
    for (let i = 0; i < 6; i++) await r.finish();
    expect(r.spoken).toEqual(['alarm 1', 'alarm 1']);
    expect(r.asked).toEqual([10, 10, 10]);
  });

  it('falls silent when the message is read, and skips a queued alarm already read', async () => {
    const r = rig();
    r.announcer.announce(alarm(1, 4));
    r.announcer.announce(alarm(2, 2));
    r.announcer.announce(alarm(3, 1));
    await r.finish();
    // the second round of alarm 1 is playing: reading cuts it off
    expect(r.spoken).toEqual(['alarm 1', 'alarm 1']);
    r.announcer.markRead([1, 2]);
    for (let i = 0; i < 4; i++) await r.finish();
    expect(r.spoken).toEqual(['alarm 1', 'alarm 1', 'alarm 3']);
  });

  it("falls silent when the device's alarm messages are read", async () => {
    const r = rig();
    r.announcer.announce(alarm(1, 3));
    r.announcer.announce({ ...alarm(2, 1), dataId: 8 });
    await r.finish();
    r.announcer.markReadWhere((a) => a.dataId === 7);
    for (let i = 0; i < 3; i++) await r.finish();
    expect(r.spoken).toEqual(['alarm 1', 'alarm 1', 'alarm 2']);
  });

  it('speaks at least once and at most 10 times', () => {
    expect(broadcastRounds(0)).toBe(1);
    expect(broadcastRounds(Number.NaN)).toBe(1);
    expect(broadcastRounds(3)).toBe(3);
    expect(broadcastRounds(50)).toBe(10);
  });
});
