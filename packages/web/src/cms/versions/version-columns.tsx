import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsVersion } from '@open/protocol/api';
import { Strong } from '../shared/text';
import type { VersionList } from './use-version-list';

/** A version's buttons: edit it, make it the default, delete it (saying which version takes over). */
function VersionActions(props: { version: CmsVersion; versions: VersionList; onEdit: (version: CmsVersion) => void }) {
  const { version, versions, onEdit } = props;
  const { t } = useTranslation();
  // The server makes the first remaining version (by sort) the default when the default goes.
  const successorOf = (gone: CmsVersion) => versions.list.find((v) => v._id !== gone._id);
  return (
    <Space size="small" wrap>
      <Button
        size="small"
        onClick={() => {
          onEdit(version);
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
            void versions.makeDefault(version);
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
          void versions.remove(version);
        }}
      >
        <Button size="small" danger>
          {t('shell.common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The columns of the version list: name (and the default's tag), sort, last change, the row's buttons. */
export function useVersionColumns(
  versions: VersionList,
  onEdit: (version: CmsVersion) => void,
): ColumnsType<CmsVersion> {
  const { t, i18n } = useTranslation();
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );

  return [
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
      render: (_, version) => <VersionActions version={version} versions={versions} onEdit={onEdit} />,
    },
  ];
}
