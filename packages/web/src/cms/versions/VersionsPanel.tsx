import { Button, Empty, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsVersion } from '@open/protocol/api';
import { call } from '../../api/client';
import { useFeedback } from '../../ui/feedback';
import { PanelTitle, Strong } from '../shared/text';
import { VersionFormModal } from './VersionFormModal';

/** Versions of the documentation (admins only). */
export function Component() {
  const { t, i18n } = useTranslation();
  const { fail, done } = useFeedback();
  const [versions, setVersions] = useState<CmsVersion[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<{ version: CmsVersion | undefined } | undefined>();

  // Bumped to load the list again; the effect below does the loading.
  const [generation, setGeneration] = useState(0);
  const load = () => {
    setLoading(true);
    setGeneration((n) => n + 1);
  };

  useEffect(() => {
    let current = true;
    call('cms/get_version_list', { page_number: -1 }).then(
      (data) => {
        if (!current) return;
        setVersions(data.list);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        fail(error);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [generation, fail]);

  const makeDefault = async (version: CmsVersion) => {
    try {
      await call('cms/set_version_info', { _id: version._id, name: version.name, isDefault: true });
      done(t('cms.versions.defaultChanged', { name: version.name }));
    } catch (error) {
      fail(error);
    }
    load();
  };

  const remove = async (version: CmsVersion) => {
    try {
      const { default_id } = await call('cms/remove_version_info', { _id: version._id });
      const successor = version.isDefault ? versions.find((v) => v._id === default_id) : undefined;
      done(successor ? t('cms.versions.deletedNewDefault', { name: successor.name }) : t('cms.versions.deleted'));
    } catch (error) {
      fail(error);
    }
    load();
  };

  // The server makes the first remaining version (by sort) the default when the default goes.
  const successorOf = (version: CmsVersion) => versions.find((v) => v._id !== version._id);

  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );

  const columns: ColumnsType<CmsVersion> = [
    {
      title: t('cms.versions.name'),
      dataIndex: 'name',
      render: (_, version) => (
        <Space>
          <Strong>{version.name}</Strong>
          {version.isDefault && <Tag color="blue">{t('cms.versions.defaultTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('cms.versions.sort'), dataIndex: 'sort', width: 120 },
    {
      title: t('cms.versions.updatedAt'),
      dataIndex: 'updated_at',
      render: (value: string) => dateFormat.format(new Date(value)),
    },
    {
      title: t('cms.versions.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, version) => (
        <Space size="small" wrap>
          <Button
            size="small"
            onClick={() => {
              setEditing({ version });
            }}
          >
            {t('shell.common.edit')}
          </Button>
          {!version.isDefault && (
            <Popconfirm
              title={t('shell.common.confirmSwitch')}
              description={t('cms.versions.switchTo', { name: version.name })}
              okText={t('shell.common.ok')}
              cancelText={t('shell.common.cancel')}
              onConfirm={() => {
                void makeDefault(version);
              }}
            >
              <Button size="small">{t('cms.versions.makeDefault')}</Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('shell.common.confirmDelete')}
            description={
              version.isDefault && successorOf(version)
                ? t('cms.versions.deleteDefault', { name: version.name, next: successorOf(version)?.name ?? '' })
                : version.name
            }
            okText={t('shell.common.ok')}
            cancelText={t('shell.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => {
              void remove(version);
            }}
          >
            <Button size="small" danger>
              {t('shell.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

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
        dataSource={versions}
        loading={loading}
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
