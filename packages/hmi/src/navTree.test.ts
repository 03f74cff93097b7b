import { describe, expect, it } from 'vitest';
import {
  addEntry,
  ancestorsOf,
  defaultActivePath,
  entryAt,
  navEntriesOf,
  newNavEntry,
  removeEntry,
  setDefaultActive,
  updateEntry,
} from './navTree';

const stored = [
  { id: 'home', label: 'Home', clickEvent: { enable: true, config: { action: 'page', pageId: '7' } } },
  {
    id: 'plant',
    label: 'Plant',
    authRegion: ['North'],
    children: [
      { id: 'pumps', label: 'Pumps', clickEvent: { config: { action: 'link', link: 'https://x.test' } } },
      {
        id: 'boiler',
        label: 'Boiler',
        defaultAct: true,
        clickEvent: {
          config: { action: 'page', page: { equipId: '5', equipPageId: '11', equipTitle: 'B1' } },
        },
      },
    ],
  },
];

describe('navigation entries (widgets.md §5.1)', () => {
  it('reads stored entries with their click config, regions and children knowing the parent label', () => {
    const entries = navEntriesOf(stored);
    expect(entries.map((e) => e.id)).toEqual(['home', 'plant']);
    expect(entries[0]!.clickEvent.config.pageId).toBe('7');
    expect(entries[1]!.authRegion).toEqual(['North']);
    expect(entries[1]!.children.map((c) => c.parentLabel)).toEqual(['Plant', 'Plant']);
    expect(entries[1]!.children[1]!.clickEvent.config.page.equipPageId).toBe('11');
    expect(entries[1]!.children[0]!.clickEvent.config.link).toBe('https://x.test');
  });

  it('reads malformed entries as empty ones with generated ids', () => {
    expect(navEntriesOf('x')).toEqual([]);
    const [e] = navEntriesOf([null]);
    expect(e).toMatchObject({ id: 'item-0', label: '', children: [], defaultAct: false });
  });

  it('opens on the entry marked active by default, with the entries above it', () => {
    const path = defaultActivePath(navEntriesOf(stored));
    expect(path.map((e) => e.id)).toEqual(['plant', 'boiler']);
    expect(defaultActivePath(navEntriesOf([{ id: 'a' }, { id: 'b' }])).map((e) => e.id)).toEqual(['a']);
    expect(defaultActivePath([])).toEqual([]);
  });

  it('keeps one default entry: marking another clears the first, anywhere in the tree', () => {
    const entries = setDefaultActive(navEntriesOf(stored), [0], true);
    expect(entryAt(entries, [0])!.defaultAct).toBe(true);
    expect(entryAt(entries, [1, 1])!.defaultAct).toBe(false);
    expect(defaultActivePath(entries).map((e) => e.id)).toEqual(['home']);
    const none = setDefaultActive(entries, [0], false);
    expect(JSON.stringify(none)).not.toContain('"defaultAct":true');
  });

  it('adds, renames and removes children; renaming a parent relabels its children', () => {
    let entries = addEntry(navEntriesOf(stored), [0], newNavEntry('n1', 'Child'));
    expect(entryAt(entries, [0, 0])).toMatchObject({ id: 'n1', parentLabel: 'Home' });
    entries = updateEntry(entries, [0], (e) => ({ ...e, label: 'Start' }));
    expect(entryAt(entries, [0, 0])!.parentLabel).toBe('Start');
    entries = addEntry(entries, [], newNavEntry('n2', 'Top'));
    expect(entries.map((e) => e.id)).toEqual(['home', 'plant', 'n2']);
    entries = removeEntry(entries, [1, 0]);
    expect(entryAt(entries, [1])!.children.map((c) => c.id)).toEqual(['boiler']);
    entries = removeEntry(entries, [0]);
    expect(entries.map((e) => e.id)).toEqual(['plant', 'n2']);
  });

  it('finds the entries above an entry', () => {
    const entries = navEntriesOf(stored);
    expect(ancestorsOf(entries, 'boiler').map((e) => e.id)).toEqual(['plant']);
    expect(ancestorsOf(entries, 'home')).toEqual([]);
    expect(ancestorsOf(entries, 'nope')).toEqual([]);
  });
});
