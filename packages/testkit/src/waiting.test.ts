import { describe, expect, it } from 'vitest';
import { until } from './waiting';

describe('until', () => {
  it('answers the first value the check gives that is neither undefined nor false', async () => {
    let calls = 0;
    expect(await until('the third call', () => (++calls >= 3 ? `call ${calls}` : undefined), 1000, 1)).toBe(
      'call 3',
    );
  });

  it('fails naming what it waited for once the time is up', async () => {
    await expect(until('the tank to fill', async () => false, 30, 5)).rejects.toThrow(
      'the tank to fill: not reached within 30 ms',
    );
  });
});
