import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { useFeedback } from '../../ui/feedback';

/** The rows of one page of the agents' table. */
export const AGENT_PAGE_SIZE = limits.pageSizeDefault;

/**
 * A page of `tenant`'s agents matching the keyword searched, and their removal; `onChanged` once
 * an agent is removed (the tenant's count of agents changed).
 */
export function useAgentList(tenant: CmsTenant, onChanged: () => void) {
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const agents = useApiQuery('cms/get_agent_list', {
    tenant_id: tenant._id,
    ...(keyword ? { keyword } : {}),
    page_number: page,
    page_size: AGENT_PAGE_SIZE,
  });
  const rows = agents.data?.list ?? [];
  useEffect(() => {
    if (agents.error) fail(agents.error);
  }, [agents.error, fail]);

  /** Shows the first page of the agents matching `typed`. */
  const search = (typed: string) => {
    setKeyword(typed.trim());
    setPage(1);
  };

  const remove = async (agent: CmsAgent) => {
    try {
      await call('cms/remove_agent_info', { _id: agent._id });
      done(t('cms.callCentre.agentDeleted'));
      // The last row of a page gone: show the page before it.
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      fail(error);
    }
    agents.retry();
    onChanged();
  };

  return { agents, rows, page, setPage, search, remove };
}
