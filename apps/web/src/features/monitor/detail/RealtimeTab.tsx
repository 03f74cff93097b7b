import { useMemo, useState } from 'react';
import { Input, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../../../app/useT';
import { formatValue, messageFor, type MonitorSignal } from '@fieldhub/shared';
import { currentLang } from '../../../app/i18n';
import type { HeldValue, ValueMap } from '../live/liveValues';

interface Row {
  signal: MonitorSignal;
  held: HeldValue | undefined;
}

/** Quality of a value: good, or the catalogue message of the failed read. */
export function QualityTag({ quality }: { quality: number | undefined }) {
  const { t } = useT('monitor');
  if (quality === undefined) return null;
  if (quality === 0) return <Tag color="success">{t('realtime.good')}</Tag>;
  const text = messageFor(quality, currentLang());
  return (
    <Tooltip title={`${t('realtime.code')} ${quality}`}>
      <Tag color="error" data-testid="quality-bad">
        {text}
      </Tag>
    </Tooltip>
  );
}

/**
 * The real-time tab: every variable with its live value (updated by the socket), the value's
 * time, its quality as the catalogue message and its unit. A search narrows the list.
 */
export function RealtimeTab({
  signals,
  loading,
  values,
}: {
  signals: MonitorSignal[] | undefined;
  loading: boolean;
  values: ValueMap;
}) {
  const { t } = useT('monitor');
  const [keyword, setKeyword] = useState('');
  const rows = useMemo<Row[]>(() => {
    const k = keyword.trim().toLowerCase();
    return (signals ?? [])
      .filter((s) => !k || s.name.toLowerCase().includes(k) || s.key.toLowerCase().includes(k))
      .map((signal) => ({ signal, held: values.get(signal.id) }));
  }, [signals, values, keyword]);

  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('realtime.search')}
        style={{ width: 260, marginBottom: 12 }}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={setKeyword}
      />
      <Table<Row>
        rowKey={(r) => r.signal.id}
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : t('realtime.none') }}
        data-testid="realtime-table"
        onRow={(r) => ({ 'data-signal': r.signal.name }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('realtime.name'),
            key: 'name',
            render: (_, r) => (
              <>
                <Typography.Text strong>{r.signal.name}</Typography.Text>
                {r.signal.key && r.signal.key !== r.signal.name && (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                    {r.signal.key}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: t('realtime.value'),
            key: 'value',
            width: 180,
            render: (_, r) =>
              r.held ? (
                <Typography.Text
                  strong
                  style={{ fontVariantNumeric: 'tabular-nums', fontSize: 15 }}
                  data-testid={`value-${r.signal.name}`}
                >
                  {formatValue(r.signal, r.held.value)}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary" data-testid={`value-${r.signal.name}`}>
                  {t('realtime.no-value')}
                </Typography.Text>
              ),
          },
          { title: t('realtime.unit'), key: 'unit', width: 90, render: (_, r) => r.signal.unit || '—' },
          {
            title: t('realtime.time'),
            key: 'time',
            width: 190,
            render: (_, r) =>
              r.held ? (
                <span data-testid={`time-${r.signal.name}`}>
                  {dayjs(r.held.ts).format('YYYY-MM-DD HH:mm:ss')}
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: t('realtime.quality'),
            key: 'quality',
            width: 200,
            render: (_, r) => <QualityTag quality={r.held?.quality} />,
          },
          {
            title: t('realtime.rw'),
            key: 'rw',
            width: 110,
            render: (_, r) => t(`rw.${r.signal.rw}`),
          },
        ]}
      />
    </>
  );
}
