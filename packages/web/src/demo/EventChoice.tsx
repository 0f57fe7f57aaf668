import { Button, Checkbox, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { events as eventCatalogue } from '@open/protocol/softphone/catalogue';
import { catalogueText } from './catalogue-text';
import { ALL_EVENTS, setListening } from './demo-store';

/** Which events the output records: all, none, or each one ticked. */
export function EventChoice({ listening }: { listening: ReadonlySet<string> }) {
  const { t } = useTranslation();
  return (
    <>
      <Space wrap className="demo-toolbar">
        <Button
          size="small"
          onClick={() => {
            setListening(ALL_EVENTS);
          }}
        >
          {t('demo.events.all')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setListening([]);
          }}
        >
          {t('demo.events.none')}
        </Button>
      </Space>
      <Checkbox.Group
        className="demo-event-choice"
        value={[...listening]}
        onChange={(names) => {
          setListening(names);
        }}
        data-testid="event-choice"
        options={eventCatalogue.map((event) => ({
          value: event.name,
          label: <span title={catalogueText(t, event.description)}>{event.name}</span>,
        }))}
      />
    </>
  );
}
