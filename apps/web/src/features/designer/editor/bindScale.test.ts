import { describe, expect, it } from 'vitest';
import { defaultWidget } from '@fieldhub/hmi';
import { scaledToSignal } from './bindScale';

const bound = (type: Parameters<typeof defaultWidget>[0]) => {
  const w = defaultWidget(type, { id: 'w1' });
  return { widget: w, data: { ...w.data, signalId: '7', equipId: '3', title: 'temp_out' } };
};

describe('binding a variable to a gauge or tank', () => {
  it('takes the variable’s range as the scale of a gauge and of a tank', () => {
    for (const type of ['UsualDashboard', 'UsualPercentFill'] as const) {
      const { widget, data } = bound(type);
      expect(widget.data).toMatchObject({ minVal: 0, maxVal: 100 });
      expect(scaledToSignal(widget, data, { min: -20, max: 120 })).toMatchObject({
        signalId: '7',
        minVal: -20,
        maxVal: 120,
      });
    }
  });

  it('leaves the scale without a range, and other widgets as bound', () => {
    const gauge = bound('UsualDashboard');
    expect(scaledToSignal(gauge.widget, gauge.data, null)).toMatchObject({ minVal: 0, maxVal: 100 });
    const text = bound('UsualDataText');
    expect(scaledToSignal(text.widget, text.data, { min: 0, max: 9 })).toEqual(text.data);
  });
});
