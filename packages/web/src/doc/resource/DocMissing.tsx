import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueryState } from '../../api/use-query';
import { useDocContext } from '../doc-context';
import { Loading } from '../Status';
import { ALL_VERSIONS } from '../version-store';
import { useVersions } from '../versions';

/**
 * A document not found in the chosen version: `elsewhere`, the same document asked of every
 * version, tells "not in this version" from "gone".
 */
export function DocMissing({ elsewhere }: { elsewhere: QueryState<unknown> }) {
  const { t } = useTranslation();
  const { scope } = useDocContext();
  const { versionList } = useVersions();
  const versionName = versionList.find((version) => version._id === scope.version)?.name ?? '';
  const inOtherVersion = elsewhere.data !== undefined && elsewhere.error === undefined;
  if (scope.version !== ALL_VERSIONS && elsewhere.loading) return <Loading />;
  return (
    <div className="doc-state" role="alert" data-testid="doc-missing">
      <p>{inOtherVersion ? t('doc.notInVersion', { version: versionName }) : t('doc.notFound')}</p>
      <Link to="/doc">{t('doc.backToList')}</Link>
    </div>
  );
}
