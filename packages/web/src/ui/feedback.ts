import { App, type FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiEnvelope } from '@open/protocol/api';
import { errorCatalogue, type ErrorName, type FieldIssue } from '@open/protocol/errors';
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

/**
 * Puts a server refusal on the fields it is about: the fields named by an `invalidField`
 * answer, or `fieldOf[name]` for a catalogued refusal such as a taken name. Answers whether
 * it placed anything (otherwise the caller shows a message).
 */
export function showOnFields(
  // Any form: the fields are named by the server's answer, not by the form's value type.
  form: FormInstance,
  error: unknown,
  fieldOf: Partial<Record<ErrorName, string>> = {},
): boolean {
  if (!isApiEnvelope(error)) return false;
  const name = errorNameOf(error);
  if (name === 'invalidField') {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const issues = ((error as ApiEnvelope<{ issues?: FieldIssue[] }>).data.issues ?? []).filter((issue) =>
      Object.hasOwn(values, issue.field.split('.')[0] ?? ''),
    );
    if (!issues.length) return false;
    form.setFields(issues.map((issue) => ({ name: issue.field.split('.'), errors: [issue.message] })));
    return true;
  }
  const field = name ? fieldOf[name] : undefined;
  if (!field) return false;
  form.setFields([{ name: field.split('.'), errors: [error.message] }]);
  return true;
}
