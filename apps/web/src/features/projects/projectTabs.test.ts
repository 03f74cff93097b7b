import { describe, expect, it } from 'vitest';
import { projectIdOf, projectTabOf } from './projectTabs';

describe('project drawer address', () => {
  it('opens the named tab, else the info tab', () => {
    expect(projectTabOf('mvars')).toBe('mvars');
    expect(projectTabOf('nonsense')).toBe('info');
    expect(projectTabOf(null)).toBe('info');
  });

  it('reads only positive whole ids', () => {
    expect(projectIdOf('12')).toBe(12);
    expect(projectIdOf('0')).toBeUndefined();
    expect(projectIdOf('1.5')).toBeUndefined();
    expect(projectIdOf('abc')).toBeUndefined();
    expect(projectIdOf(null)).toBeUndefined();
  });
});
