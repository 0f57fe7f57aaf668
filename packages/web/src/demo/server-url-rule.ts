import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { checkServerUrl, type ServerUrlList, type ServerUrlProblem } from './server-urls';

/** The longest serverUrl the fields take. */
export const MAX_URL = 2048;

const problemKey = {
  empty: 'demo.serverUrl.empty',
  duplicate: 'demo.serverUrl.duplicate',
  invalid: 'demo.serverUrl.invalid',
} as const satisfies Record<ServerUrlProblem, string>;

/** The rules of spec §5 as a form rule: a new address, or `previous` edited. */
export function serverUrlRule(t: TFunction, list: ServerUrlList, previous?: string): RuleObject {
  return {
    validator: (_, value: unknown) => {
      const problem = checkServerUrl(list, typeof value === 'string' ? value : '', previous);
      return problem ? Promise.reject(new Error(t(problemKey[problem]))) : Promise.resolve();
    },
  };
}
