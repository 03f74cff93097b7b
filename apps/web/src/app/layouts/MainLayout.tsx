import { useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, ConfigProvider, Dropdown, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useT, type Translate } from '../useT';
import { authCalls } from '@fieldhub/shared';
import { LangSwitch } from '../LangSwitch';
import { firstManagePath, mainMenus, manageMenus, userMenus, visibleMenus, type MenuItem } from '../menus';
import { callApi } from '../request';
import { useSession } from '../session';
import { useTheme } from '../theme';
import { currentLang } from '../i18n';
import './mainLayout.css';

const { Header, Sider, Content } = Layout;

/** Entries of the top bar closer together than antd's default, so all ten fit (client-rules.md §5.1). */
const topMenuTheme = { components: { Menu: { itemPaddingInline: 12 } } };

function toAntItems(items: MenuItem[], t: Translate): MenuProps['items'] {
  return items.map((item) =>
    item.children
      ? {
          key: `group:${item.key}`,
          label: t(`menu:${item.key}`),
          type: 'group' as const,
          children: toAntItems(item.children, t),
        }
      : { key: item.to, label: t(`menu:${item.key}`) },
  );
}

/** Longest menu path that prefixes the current location: the entry to highlight. */
function selectedKey(items: MenuItem[], location: string): string[] {
  // the `nosms` variants of the security centre and profile belong to their menu entries (`sms`)
  const pathname = location.replace(/^\/account\/(security|info)\/nosms(?=\/|$)/, '/account/$1/sms');
  const leaves = items.flatMap((i) => i.children ?? [i]);
  const hit = leaves
    .filter(
      (i) =>
        i.to &&
        (pathname === i.to ||
          pathname.startsWith(`${i.to}/`) ||
          pathname.startsWith(i.to.replace(/\/list$/, ''))),
    )
    .sort((a, b) => b.to.length - a.to.length)[0];
  return hit ? [hit.to] : [];
}

/** Top bar with the main menus, user menu and language; side menus in the management and account areas. */
export function MainLayout({ headerTools }: { headerTools: ReactNode }) {
  const { t } = useT('common');
  const { user, clear } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const theme = useTheme(currentLang());

  const top = useMemo(
    () => visibleMenus(mainMenus, user).filter((m) => m.key !== 'manage' || firstManagePath(user)),
    [user],
  );
  const area = pathname.startsWith('/manage') ? 'manage' : pathname.startsWith('/account') ? 'account' : null;
  const side = useMemo(
    () =>
      area === 'manage'
        ? visibleMenus(manageMenus, user)
        : area === 'account'
          ? visibleMenus(userMenus, user)
          : [],
    [area, user],
  );
  const topSelected = area === 'manage' ? ['/manage'] : selectedKey(top, pathname);

  const logout = async () => {
    try {
      await callApi(authCalls.logout, undefined, { silent: true });
    } finally {
      clear();
      void navigate('/login', { replace: true });
    }
  };

  const userItems: MenuProps['items'] = [
    ...visibleMenus(userMenus, user).map((m) => ({ key: m.to, label: t(`menu:${m.key}`) })),
    { type: 'divider' as const },
    { key: 'logout', label: t('menu:logout'), icon: <LogoutOutlined />, danger: true },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Header
        style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 20, background: '#001529' }}
      >
        <Space
          style={{ cursor: 'pointer', flex: 'none' }}
          onClick={() => navigate('/')}
          title={theme.data?.title ?? 'FieldHub'}
        >
          <img src="/favicon.svg" alt="" width={28} height={28} style={{ display: 'block' }} />
          <Typography.Text strong className="main-brand-title">
            {theme.data?.title ?? 'FieldHub'}
          </Typography.Text>
        </Space>
        <ConfigProvider theme={topMenuTheme}>
          <Menu
            theme="dark"
            mode="horizontal"
            selectedKeys={topSelected}
            items={top.map((m) => ({ key: m.to, label: t(`menu:${m.key}`) }))}
            onClick={(e) => navigate(e.key)}
            style={{ flex: 1, minWidth: 0, background: 'transparent' }}
            data-testid="main-menu"
          />
        </ConfigProvider>
        <Space size="small" style={{ flex: 'none' }}>
          <LangSwitch toggle />
          {headerTools}
          <Dropdown
            menu={{
              items: userItems,
              onClick: (e) => (e.key === 'logout' ? void logout() : navigate(e.key)),
            }}
            trigger={['click']}
          >
            <Space style={{ cursor: 'pointer', color: '#fff' }} data-testid="user-menu">
              <Avatar size="small" icon={<UserOutlined />} />
              <span className="main-user-name" title={user?.loginname}>
                {user?.loginname}
              </span>
            </Space>
          </Dropdown>
        </Space>
      </Header>
      <Layout>
        {side.length > 0 && (
          // folded away on a phone's width (the worksheet at 390 px, operations.md §5): a tab opens it
          <Sider
            width={220}
            breakpoint="md"
            collapsedWidth={0}
            theme="light"
            style={{ borderRight: '1px solid #f0f0f0' }}
          >
            <Menu
              mode="inline"
              selectedKeys={selectedKey(side, pathname)}
              items={toAntItems(side, t)}
              onClick={(e) => navigate(e.key)}
              style={{ borderInlineEnd: 0, paddingTop: 8 }}
              data-testid="side-menu"
            />
          </Sider>
        )}
        <Content style={{ padding: 20, background: '#f5f7fa', minWidth: 0 }}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
