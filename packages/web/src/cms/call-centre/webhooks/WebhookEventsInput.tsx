import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { webhookEventTypes, type WebhookEventType } from '@open/protocol/webhooks';
import { Muted } from '../../shared/text';
import { orderedEvents, selectAllState } from './webhook-fields';

/**
 * The events a webhook is sent, as a form control: a box choosing all of them (checked, empty or
 * between) above one box per event, its name as the receiver sees it and what it means.
 */
export function WebhookEventsInput(props: {
  value?: WebhookEventType[];
  onChange?: (next: WebhookEventType[]) => void;
  id?: string;
  'aria-describedby'?: string;
}) {
  const { value = [], onChange, id, ...rest } = props;
  const { t } = useTranslation();
  const all = selectAllState(value);
  return (
    <div id={id} role="group" aria-label={t('cms.webhooks.events')} className="cc-webhook-events" {...rest}>
      <Checkbox
        checked={all.checked}
        indeterminate={all.indeterminate}
        onChange={(event) => {
          onChange?.(event.target.checked ? [...webhookEventTypes] : []);
        }}
        className="cc-webhook-events-all"
        data-testid="webhook-events-all"
      >
        {t('cms.webhooks.allEvents')}
      </Checkbox>
      <Checkbox.Group<WebhookEventType>
        value={value}
        onChange={(next) => {
          onChange?.(orderedEvents(next));
        }}
        className="cc-webhook-event-list"
        data-testid="webhook-events"
      >
        {webhookEventTypes.map((type) => (
          <Checkbox key={type} value={type} className="cc-webhook-event">
            <code className="cc-webhook-event-name cc-ltr">{type}</code>
            <Muted className="cc-webhook-event-text">{t(`cms.webhooks.event.${type}`)}</Muted>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
}
