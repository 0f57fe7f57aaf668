import { Button, Drawer, Empty, List, Popconfirm, Space } from 'antd';
import { diffLines } from 'diff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { Muted, Strong, Text } from './text';

export interface Backup {
  _id: string;
  revision: number;
  saved_at: string;
  saved_by: string | null;
}

/** Line by line, what changed from `before` to `after`: added and removed lines marked. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const parts = diffLines(before, after);
  if (parts.every((part) => !part.added && !part.removed)) {
    return <Muted>{t('cms.history.same')}</Muted>;
  }
  return (
    <pre className="text-diff" data-testid="text-diff">
      {parts.map((part, index) => (
        <span
          key={index}
          className={part.added ? 'diff-added' : part.removed ? 'diff-removed' : undefined}
          aria-label={part.added ? t('cms.history.added') : part.removed ? t('cms.history.removed') : undefined}
        >
          {part.value}
        </span>
      ))}
    </pre>
  );
}

/**
 * The saved states of an item, newest first: each compared with the current one, and restorable
 * (restoring is a save like any other, so it can itself be undone from here).
 */
export function HistoryDrawer<B extends Backup>(props: {
  open: boolean;
  title: string;
  backups: readonly B[] | undefined;
  current: string;
  asText: (backup: B) => string;
  onRestore: (backup: B) => Promise<void>;
  onClose: () => void;
}) {
  const { open, title, backups, current, asText, onRestore, onClose } = props;
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string | undefined>();
  const [restoring, setRestoring] = useState(false);
  const shown = backups?.find((backup) => backup._id === chosen) ?? backups?.[0];

  return (
    <Drawer open={open} title={title} size="large" onClose={onClose} destroyOnHidden>
      {!backups?.length ? (
        <Empty description={t('cms.history.empty')} />
      ) : (
        <div className="history">
          <List<B>
            size="small"
            dataSource={[...backups]}
            data-testid="history-list"
            renderItem={(backup) => (
              <List.Item
                className={backup._id === shown?._id ? 'history-item active' : 'history-item'}
                onClick={() => {
                  setChosen(backup._id);
                }}
              >
                <Space orientation="vertical" size={0}>
                  <Strong>{t('cms.history.revision', { revision: backup.revision })}</Strong>
                  <Muted>
                    {t('cms.history.savedBy', {
                      time: formatTime(backup.saved_at, i18n.language),
                      name: backup.saved_by ?? t('cms.history.system'),
                    })}
                  </Muted>
                </Space>
              </List.Item>
            )}
          />
          {shown && (
            <div className="history-detail">
              <Space className="history-actions">
                <Text>{t('cms.history.diffHint')}</Text>
                <Popconfirm
                  title={t('cms.history.restoreConfirm', { revision: shown.revision })}
                  okText={t('shell.common.ok')}
                  cancelText={t('shell.common.cancel')}
                  onConfirm={() => {
                    setRestoring(true);
                    void onRestore(shown).finally(() => {
                      setRestoring(false);
                    });
                  }}
                >
                  <Button type="primary" loading={restoring} data-testid="history-restore">
                    {t('cms.history.restore')}
                  </Button>
                </Popconfirm>
              </Space>
              <TextDiff before={current} after={asText(shown)} />
            </div>
          )}
        </div>
      )}
    </Drawer>
  );
}
