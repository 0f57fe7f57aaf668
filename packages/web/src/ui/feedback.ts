import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { errorMessage, isApiEnvelope } from '../api/client';

/** The catalogued name of a failed call's code, if the server answered one. */
export function errorNameOf(error: unknown): ErrorName | undefined {
  if (!isApiEnvelope(error)) return undefined;
  const found = Object.entries(errorCatalogue).find(([, entry]) => entry.code === error.code);
  return found?.[0] as ErrorName | undefined;
}

/**
 * How the CMS and the demo page tell a person what went wrong. One message at a time per kind (a key), so
 * repeated tries do not stack toasts over the header.
 */
export function useFeedback() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fail = useCallback(
    (error: unknown) => {
      void message.error({ key: 'failed', content: errorMessage(error, t('shell.common.networkError')) });
    },
    [message, t],
  );
  const formInvalid = useCallback(() => {
    void message.error({ key: 'form-invalid', content: t('shell.common.formInvalid') });
  }, [message, t]);
  const done = useCallback(
    (content: string) => {
      void message.success({ key: 'done', content });
    },
    [message],
  );
  /** Runs a change and says how it went; answers whether it went through. */
  const attempt = useCallback(
    async (work: () => Promise<unknown>, success: string): Promise<boolean> => {
      try {
        await work();
        done(success);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    [done, fail],
  );
  return { fail, formInvalid, done, attempt };
}
