import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsVersion } from '@open/protocol/api';
import { call } from '../../api/client';
import { useFeedback } from '../../ui/feedback';

/**
 * Every version, loaded again by `load` and after each change made from the list: one made the
 * default, or one removed (naming the version that became the default in its place).
 */
export function useVersionList() {
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  const [versions, setVersions] = useState<CmsVersion[]>([]);
  const [loading, setLoading] = useState(true);

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

  return { list: versions, loading, load, makeDefault, remove };
}

export type VersionList = ReturnType<typeof useVersionList>;
