import { Button, Checkbox, Input, Space, Tag } from 'antd';
import { catalogueText } from './catalogue-text';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { events as eventCatalogue } from '@open/protocol/softphone/catalogue';
import { ALL_EVENTS, clearEvents, setListening, setPaused, useDemo, type EventRow } from './demo-store';

const matches = (row: EventRow, filter: string) =>
  filter === '' || row.name.toLowerCase().includes(filter) || JSON.stringify(row.data).toLowerCase().includes(filter);

/**
 * Events (spec §2): which events the output records, and the output itself (time, event, payload),
 * newest first, filterable, paused and cleared at will.
 */
export function EventsSection() {
  const { t, i18n } = useTranslation();
  const demo = useDemo();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const rows = demo.events.filter((row) => matches(row, deferredFilter));
  const time = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hour12: false,
  });

  return (
    <section className="panel demo-section" aria-labelledby="demo-events">
      <h2 id="demo-events">{t('demo.events.title')}</h2>
      <h3>{t('demo.events.listenTitle')}</h3>
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
        value={[...demo.listening]}
        onChange={(names) => {
          setListening(names);
        }}
        data-testid="event-choice"
        options={eventCatalogue.map((event) => ({
          value: event.name,
          label: <span title={catalogueText(t, event.description)}>{event.name}</span>,
        }))}
      />
      <h3>{t('demo.events.outputTitle')}</h3>
      <Space wrap className="demo-toolbar">
        <Input.Search
          allowClear
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
          }}
          placeholder={t('demo.events.filter')}
          aria-label={t('demo.events.filter')}
          className="demo-event-filter"
          data-testid="event-filter"
        />
        <Button
          onClick={() => {
            setPaused(!demo.paused);
          }}
          aria-pressed={demo.paused}
          data-testid="event-pause"
        >
          {demo.paused ? t('demo.events.resume') : t('demo.events.pause')}
        </Button>
        <Button onClick={clearEvents} disabled={demo.events.length === 0} data-testid="event-clear">
          {t('demo.events.clear')}
        </Button>
        {demo.paused && <Tag color="orange">{t('demo.events.paused')}</Tag>}
        <span className="muted" aria-live="polite">
          {t('demo.events.count', { shown: rows.length, total: demo.events.length })}
        </span>
      </Space>
      <div className="demo-output" role="log" aria-label={t('demo.events.outputTitle')} data-testid="event-output">
        {rows.length === 0 ? (
          <p className="muted">{t('demo.events.empty')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('demo.column.time')}</th>
                <th scope="col">{t('demo.column.event')}</th>
                <th scope="col">{t('demo.column.payload')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-event={row.name}>
                  <td className="demo-time">{time.format(row.time)}</td>
                  <td>
                    <code>{row.name}</code>
                  </td>
                  <td dir="ltr">
                    <code className="demo-payload">{JSON.stringify(row.data)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
