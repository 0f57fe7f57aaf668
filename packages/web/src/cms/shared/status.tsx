import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentStatus } from '@open/protocol/api';

const colors: Record<ContentStatus, string> = { 1: 'default', 2: 'green', 3: 'orange' };
const keys = { 1: 'cms.status.unpublished', 2: 'cms.status.published', 3: 'cms.status.offline' } as const;

export function StatusTag({ status }: { status: ContentStatus }) {
  const { t } = useTranslation();
  return <Tag color={colors[status]}>{t(keys[status])}</Tag>;
}

/**
 * The status changes DESIGN §5 allows from `status`, as the action that makes each:
 * 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again.
 */
export function nextStatuses(
  status: ContentStatus,
): { to: ContentStatus; key: 'cms.status.publish' | 'cms.status.takeOffline' }[] {
  if (status === 2) return [{ to: 3, key: 'cms.status.takeOffline' }];
  return [{ to: 2, key: 'cms.status.publish' }];
}
