import { Button, Empty, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsVersion } from '@open/protocol/api';
import { PanelTitle } from '../shared/text';
import { useVersionList } from './use-version-list';
import { useVersionColumns } from './version-columns';
import { VersionFormModal } from './VersionFormModal';

/** Versions of the documentation (admins only). */
export function Component() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ version: CmsVersion | undefined } | undefined>();
  const versions = useVersionList();
  const { load } = versions;
  const columns = useVersionColumns(versions, (version) => {
    setEditing({ version });
  });

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.versions.title')}</PanelTitle>
        <Space>
          <Button onClick={load}>{t('shell.common.refresh')}</Button>
          <Button
            type="primary"
            onClick={() => {
              setEditing({ version: undefined });
            }}
            data-testid="version-create"
          >
            {t('cms.versions.create')}
          </Button>
        </Space>
      </div>
      <Table<CmsVersion>
        rowKey="_id"
        columns={columns}
        dataSource={versions.list}
        loading={versions.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('cms.versions.empty')} /> }}
        data-testid="version-table"
      />
      <VersionFormModal
        open={editing !== undefined}
        version={editing?.version}
        onClose={() => {
          setEditing(undefined);
        }}
        onSaved={() => {
          setEditing(undefined);
          load();
        }}
      />
    </section>
  );
}
