import { describe, expect, it } from 'vitest';
import { BlockMemory, type RegisterSpan, blockOf, maxBlockSize, planBlocks, splitBlock } from './blocks';

const hr = (offset: number, count = 1): RegisterSpan => ({ registerType: '4x', offset, count });
const coil = (offset: number): RegisterSpan => ({ registerType: '0x', offset, count: 1 });
const ranges = (blocks: { registerType: string; offset: number; count: number }[]): string[] =>
  blocks.map((b) => `${b.registerType}:${b.offset}+${b.count}`);

describe('planBlocks', () => {
  const on = { coalesce: true, gap: 10 };

  it('reads adjacent registers of one type in one request', () => {
    expect(ranges(planBlocks([hr(0, 2), hr(2, 2), hr(4, 2)], on))).toEqual(['4x:0+6']);
  });

  it('bridges a gap up to the configured size and no further', () => {
    expect(ranges(planBlocks([hr(0), hr(11)], on))).toEqual(['4x:0+12']);
    expect(ranges(planBlocks([hr(0), hr(12)], on))).toEqual(['4x:0+1', '4x:12+1']);
    expect(ranges(planBlocks([hr(0), hr(1), hr(3)], { coalesce: true, gap: 0 }))).toEqual([
      '4x:0+2',
      '4x:3+1',
    ]);
  });

  it('keeps register types apart and orders the requests', () => {
    const blocks = planBlocks(
      [hr(1), coil(3), hr(0), coil(0), { registerType: '3x', offset: 0, count: 2 }],
      on,
    );
    expect(ranges(blocks)).toEqual(['0x:0+4', '3x:0+2', '4x:0+2']);
  });

  it('never asks for more than 125 registers or 2000 coils', () => {
    const registers = Array.from({ length: 130 }, (_, i) => hr(i));
    expect(ranges(planBlocks(registers, on))).toEqual(['4x:0+125', '4x:125+5']);
    const coils = Array.from({ length: 2001 }, (_, i) => coil(i));
    expect(ranges(planBlocks(coils, on))).toEqual(['0x:0+2000', '0x:2000+1']);
    expect(maxBlockSize('1x')).toBe(2000);
    expect(maxBlockSize('3x')).toBe(125);
  });

  it('reads each value on its own when block collection is off, sharing repeated addresses', () => {
    expect(ranges(planBlocks([hr(0), hr(1), hr(1), hr(0, 2)], { coalesce: false, gap: 10 }))).toEqual([
      '4x:0+1',
      '4x:0+2',
      '4x:1+1',
    ]);
  });

  it('covers overlapping spans (bits of one register, a value inside a longer one) once', () => {
    const blocks = planBlocks([hr(10, 4), hr(11), hr(10)], on);
    expect(ranges(blocks)).toEqual(['4x:10+4']);
    expect(blocks[0]?.spans).toHaveLength(3);
  });
});

describe('BlockMemory', () => {
  const on = { coalesce: true, gap: 10 };

  it('reads an isolated span alone and keeps other blocks off it', () => {
    const memory = new BlockMemory();
    memory.isolate(hr(5));
    expect(ranges(planBlocks([hr(0), hr(5), hr(8)], on, memory))).toEqual(['4x:0+1', '4x:5+1', '4x:8+1']);
    // A block may not bridge over it either, even when the isolated span is not read this cycle.
    expect(ranges(planBlocks([hr(0), hr(8)], on, memory))).toEqual(['4x:0+1', '4x:8+1']);
    memory.release(hr(5));
    expect(ranges(planBlocks([hr(0), hr(5), hr(8)], on, memory))).toEqual(['4x:0+9']);
  });

  it('never joins the two halves of a cut again, but joins on either side of it', () => {
    const memory = new BlockMemory();
    memory.cut(blockOf([hr(0), hr(2)]), blockOf([hr(6), hr(7)]));
    expect(ranges(planBlocks([hr(0), hr(2), hr(6), hr(7)], on, memory))).toEqual(['4x:0+3', '4x:6+2']);
    expect(memory.size).toBe(1);
    // Another register type is not affected.
    const inputs = [0, 2, 6].map((offset) => ({ registerType: '3x' as const, offset, count: 1 }));
    expect(ranges(planBlocks(inputs, on, memory))).toEqual(['3x:0+7']);
  });
});

describe('splitBlock', () => {
  it('splits a block of several spans in the middle and leaves a single span alone', () => {
    const block = blockOf([hr(0), hr(1, 2), hr(5), hr(9)]);
    const halves = splitBlock(block);
    expect(halves && ranges(halves)).toEqual(['4x:0+3', '4x:5+5']);
    expect(splitBlock(blockOf([hr(3, 4)]))).toBeNull();
  });

  it('ends a block at the end of its longest span', () => {
    expect(ranges([blockOf([hr(0, 10), hr(2)])])).toEqual(['4x:0+10']);
  });
});
