/**
 * The canvas's context menu, drawn from the action registry (editor/actions.tsx): a right click on
 * a widget selects it (or keeps the selection it belongs to), on the bare page clears the selection,
 * and offers the actions marked for the menu with their shortcuts, disabled where they cannot run.
 */
import { useState, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../../app/useT';
import { EDITOR_ACTIONS, actionView, runAction, type ActionEnv } from '../editor/actions';
import { shortcutText } from '../editor/shortcutKeys';

const IN_MENU = EDITOR_ACTIONS.filter((a) => a.menu);

export function CanvasMenu({ env, children }: { env: ActionEnv; children: ReactNode }) {
  const { t } = useT('designer');
  // read only while the menu is open: the toolbar already follows every change of the editor
  const [open, setOpen] = useState(false);
  const view = useStore(
    env.store,
    useShallow((s) => (open ? actionView(s, false) : null)),
  );
  const items: NonNullable<MenuProps['items']> = [];
  if (view)
    IN_MENU.forEach((a, i) => {
      if (i > 0 && IN_MENU[i - 1]!.bar !== a.bar) items.push({ type: 'divider' });
      const key = a.shortcuts?.[0];
      items.push({
        key: a.id,
        icon: a.icon?.(view),
        label: <span data-testid={`menu-${a.id}`}>{t(a.label(view))}</span>,
        extra: key ? shortcutText(key) : undefined,
        disabled: a.enabled ? !a.enabled(view) : false,
      });
    });
  const onContextMenu = (e: React.MouseEvent) => {
    const s = env.store.getState();
    const unit = (e.target as Element).closest?.<HTMLElement>('[data-wid]')?.dataset['unit'];
    if (!unit) s.select([]);
    else if (!s.selection.includes(unit)) s.select([unit]);
  };
  return (
    <Dropdown
      trigger={['contextMenu']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        onClick: ({ key }) => {
          const action = IN_MENU.find((a) => a.id === key);
          setOpen(false);
          if (action) runAction(action, env);
        },
      }}
    >
      <div style={{ height: '100%' }} onContextMenuCapture={onContextMenu} data-testid="canvas-menu-area">
        {children}
      </div>
    </Dropdown>
  );
}
