import { Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import type { LoginUser } from '@open/protocol/api';
import { call } from '../api/client';
import { sessionStore, useSession } from '../session/session-store';
import { useFeedback } from '../ui/feedback';

// Opened rarely: its form is loaded when asked for.
const OwnPasswordModal = lazy(() => import('./accounts/OwnPasswordModal'));

/** The panels; versions, accounts, the audit trail and the call centre are for admins only. */
const panels = [
  { key: 'resources', label: 'cms.menu.resources', adminOnly: false },
  { key: 'categories', label: 'cms.menu.categories', adminOnly: false },
  { key: 'versions', label: 'cms.menu.versions', adminOnly: true },
  { key: 'accounts', label: 'cms.menu.accounts', adminOnly: true },
  { key: 'audit', label: 'cms.menu.audit', adminOnly: true },
  { key: 'call-centre', label: 'cms.menu.callCentre', adminOnly: true },
] as const;

/** The signed-in CMS: the panels' menu, who is signed in, and the panel. */
export function Component() {
  const { user } = useSession();
  // The frame only renders this route for a signed-in user.
  return user ? <Workspace user={user} /> : null;
}

function Workspace({ user }: { user: LoginUser }) {
  const { t } = useTranslation();
  const { fail } = useFeedback();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const isAdmin = user.config.role === 'admin';
  const mustChange = user.config.must_change_password;

  const logout = async () => {
    try {
      await call('global/logout', {});
    } catch (error) {
      fail(error);
      return;
    }
    sessionStore.signedOut();
  };

  return (
    <div className="cms-layout">
      <div className="cms-topbar">
        <nav className="cms-menu" aria-label={t('cms.menu.label')}>
          {panels
            .filter((panel) => isAdmin || !panel.adminOnly)
            .map((panel) => (
              <NavLink key={panel.key} to={`/cms/${panel.key}`} data-testid={`cms-menu-${panel.key}`}>
                {t(panel.label)}
              </NavLink>
            ))}
        </nav>
        <div className="cms-userbar">
          <span data-testid="cms-user">{user.name}</span>
          <Tag>{t(isAdmin ? 'cms.accounts.roleAdmin' : 'cms.accounts.roleEditor')}</Tag>
          <Button
            size="small"
            onClick={() => {
              setPasswordOpen(true);
            }}
            data-testid="own-password"
          >
            {t('cms.password.change')}
          </Button>
          <Button size="small" onClick={() => void logout()} data-testid="logout">
            {t('cms.logout')}
          </Button>
        </div>
      </div>
      {/* Until the demo password is changed, nothing but the change itself. */}
      <div className="cms-content">{mustChange ? null : <Outlet />}</div>
      {(mustChange || passwordOpen) && (
        <Suspense>
          <OwnPasswordModal
            open
            forced={mustChange}
            onClose={() => {
              setPasswordOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
