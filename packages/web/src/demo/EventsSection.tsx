import { Button, Input, Space, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearEvents, setPaused, useDemo, type EventRow } from './demo-store';
import { EventChoice } from './EventChoice';
import { EventTable } from './EventTable';

const matches = (row: EventRow, filter: string) =>
  filter === '' || row.name.toLowerCase().includes(filter) || JSON.stringify(row.data).toLowerCase().includes(filter);

/**
 * Events (spec §2): which events the output records, and the output itself (time, event, payload),
 * newest first, filterable, paused and cleared at will.
 */
export function EventsSection() {
  const { t } = useTranslation();
  const demo = useDemo();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const rows = demo.events.filter((row) => matches(row, deferredFilter));

  return (
    <section className="panel demo-section" aria-labelledby="demo-events">
      <h2 id="demo-events">{t('demo.events.title')}</h2>
      <h3>{t('demo.events.listenTitle')}</h3>
      <EventChoice listening={demo.listening} />
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
        {rows.length === 0 ? <p className="muted">{t('demo.events.empty')}</p> : <EventTable rows={rows} />}
      </div>
    </section>
  );
}
