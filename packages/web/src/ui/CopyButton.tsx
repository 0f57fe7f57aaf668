import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies text: with the clipboard API in a secure context, else the old way through a selection (plain http). */
async function copyText(text: string): Promise<void> {
  if (window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const focused = document.activeElement;
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only way to copy outside a secure context (plain http), still supported by every browser
  const copied = document.execCommand('copy');
  area.remove();
  if (focused instanceof HTMLElement) focused.focus();
  if (!copied) throw new Error('copy refused');
}

/** An icon button that copies `text`, named by `label`; says "copied" for a moment after. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => {
      setCopied(false);
    }, 3000);
    return () => {
      window.clearTimeout(timer);
    };
  }, [copied]);

  const name = copied ? t('shell.common.copied') : label;
  return (
    <Tooltip title={name}>
      <Button
        type="link"
        size="small"
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        aria-label={name}
        onClick={() => {
          copyText(text).then(
            () => {
              setCopied(true);
            },
            () => {
              void message.error({ key: 'copy-failed', content: t('shell.common.copyFailed') });
            },
          );
        }}
      />
    </Tooltip>
  );
}
