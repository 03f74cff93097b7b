import { Checkbox, Col, Flex, Row, Tooltip, Typography } from 'antd';
import { textUnder, useT } from '../../app/useT';
import { roleTypeMayHold, type RoleType } from '@fieldhub/shared';
import type { PermissionEntry } from './orgalTypes';

interface Props {
  value?: string[];
  onChange?: (keys: string[]) => void;
  entries: PermissionEntry[];
  roleType: RoleType;
}

/**
 * The permission keys of a role, grouped as /lfscada/role/permissions groups them. Keys a role
 * of this type may not hold (admin keys on an operation role, code 1017) are disabled.
 */
export function PermissionPicker({ value = [], onChange, entries, roleType }: Props) {
  const { t } = useT('orgal');
  const chosen = new Set(value);
  const groups = [...new Set(entries.map((e) => e.group))];

  const setKeys = (keys: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const k of keys) {
      if (on) next.add(k);
      else next.delete(k);
    }
    // keep the server's order, so the stored list reads the same way every time
    onChange?.(entries.map((e) => e.key).filter((k) => next.has(k)));
  };

  return (
    <Flex vertical gap={12} data-testid="permission-picker">
      {groups.map((group) => {
        const items = entries.filter((e) => e.group === group);
        const allowed = items.filter((e) => roleTypeMayHold(roleType, e.key)).map((e) => e.key);
        const on = allowed.filter((k) => chosen.has(k)).length;
        return (
          <div key={group} style={{ border: '1px solid #f0f0f0', borderRadius: 4, padding: '8px 12px' }}>
            <Checkbox
              checked={allowed.length > 0 && on === allowed.length}
              indeterminate={on > 0 && on < allowed.length}
              disabled={allowed.length === 0}
              onChange={(e) => setKeys(allowed, e.target.checked)}
              data-testid={`permission-group-${group}`}
            >
              <Typography.Text strong>{t(`permission-group.${group}`)}</Typography.Text>
            </Checkbox>
            {allowed.length === 0 && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                {t('role.admin-only-group')}
              </Typography.Text>
            )}
            <Row gutter={[8, 4]} style={{ marginTop: 6 }}>
              {items.map((e) => {
                const mayHold = roleTypeMayHold(roleType, e.key);
                const box = (
                  <Checkbox
                    checked={chosen.has(e.key)}
                    disabled={!mayHold}
                    onChange={(ev) => setKeys([e.key], ev.target.checked)}
                    data-testid={`permission-${e.key}`}
                  >
                    {textUnder(t, 'orgal:permission.', e.key)}
                  </Checkbox>
                );
                return (
                  <Col span={12} key={e.key}>
                    {mayHold ? box : <Tooltip title={t('role.admin-only')}>{box}</Tooltip>}
                  </Col>
                );
              })}
            </Row>
          </div>
        );
      })}
    </Flex>
  );
}
