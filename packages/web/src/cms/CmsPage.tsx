import { App, Button, Layout, Menu, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { sessionStore, useSession } from '../session/session-store';
import { AntdProvider } from '../ui/AntdProvider';
import { LoginForm } from './LoginForm';
import { VersionsPanel } from './VersionsPanel';

function Workspace({ name }: { name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const logout = async () => {
    try {
      await call('global/logout', {});
    } catch {
      void message.error(t('shell.common.networkError'));
      return;
    }
    sessionStore.signedOut();
  };
  return (
    <Layout className="cms-layout">
      <Layout.Sider width={200} theme="light" breakpoint="md" collapsedWidth={0}>
        <Menu mode="inline" selectedKeys={['versions']} items={[{ key: 'versions', label: t('cms.menu.versions') }]} />
      </Layout.Sider>
      <Layout.Content className="cms-content">
        <div className="cms-userbar">
          <span>{name}</span>
          <Button onClick={() => void logout()} data-testid="logout">
            {t('cms.logout')}
          </Button>
        </div>
        <VersionsPanel />
      </Layout.Content>
    </Layout>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { user, checked } = useSession();
  return (
    <AntdProvider>
      <div className="page cms-page">
        <div className="page-head">
          <h1>{t('cms.title')}</h1>
        </div>
        {!checked ? <Spin /> : user ? <Workspace name={user.name} /> : <LoginForm />}
      </div>
    </AntdProvider>
  );
}
