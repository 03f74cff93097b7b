/**
 * The designer toolbar, drawn from the action registry (editor/actions.tsx): one button per action
 * with a toolbar section, separators between sections, each tooltip naming its shortcut.
 */
import { Fragment } from 'react';
import { Button, Tooltip } from 'antd';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../../app/useT';
import {
  BAR_GROUPS,
  EDITOR_ACTIONS,
  actionView,
  runAction,
  type ActionEnv,
  type ActionView,
  type EditorAction,
} from '../editor/actions';
import { shortcutText } from '../editor/shortcutKeys';

/** The label of an action with its first shortcut: 'Undo (Ctrl+Z)'. */
export function useActionTitle(): (a: EditorAction, v: ActionView) => string {
  const { t } = useT('designer');
  return (a, v) => {
    const label = t(a.label(v));
    const key = a.shortcuts?.[0];
    return key ? `${label} (${shortcutText(key)})` : label;
  };
}

function Tool({ action, view, env }: { action: EditorAction; view: ActionView; env: ActionEnv }) {
  const { t } = useT('designer');
  const title = useActionTitle()(action, view);
  const active = action.active?.(view);
  const text = action.text?.(view);
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={action.icon?.(view)}
        onClick={() => runAction(action, env)}
        disabled={action.enabled ? !action.enabled(view) : false}
        data-testid={`tool-${action.id}`}
        aria-label={title}
        aria-pressed={active}
      >
        {text && ('key' in text ? t(text.key) : <span data-testid={text.testId}>{text.plain}</span>)}
      </Button>
    </Tooltip>
  );
}

const ON_BAR = BAR_GROUPS.map((group) => EDITOR_ACTIONS.filter((a) => a.bar === group));

export function Toolbar({ env, saving }: { env: ActionEnv; saving: boolean }) {
  const view = useStore(
    env.store,
    useShallow((s) => actionView(s, saving)),
  );
  return (
    <div className="fh-designer-tools" data-testid="designer-toolbar">
      {ON_BAR.map((actions, i) => (
        <Fragment key={BAR_GROUPS[i]}>
          {i > 0 && <span className="fh-sep" />}
          {actions.map((a) => (
            <Tool key={a.id} action={a} view={view} env={env} />
          ))}
        </Fragment>
      ))}
    </div>
  );
}
