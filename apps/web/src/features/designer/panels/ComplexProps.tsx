/**
 * Property sections of the complex, navigate, script and 3D widgets: `ComplexSpecific` (style
 * tab: the type's own settings) and `ComplexData` (data tab: signal arrays, X/Y pairs, the
 * timeline's signal, alarm equipment, map equipment). Each edit is one setProperty command.
 */
import { Button, Input, Select, Space, Switch, Typography } from 'antd';
import { ApiOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { devicesCalls } from '@fieldhub/shared';
import { ALARM_DEFAULT_COLUMNS, signalRefSchema, type SignalRef, type Widget } from '@fieldhub/hmi';
import { callApi } from '../../../app/request';
import { CommitNumber, CommitText, ColorField, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';
import type { SignalSource } from '../signals/useSignalSource';
import { useEquipments } from '../../../app/signals/useSignals';
import { num, obj, str } from '../../../app/widgets/styleOf';
import { isExtraType } from '../../../app/widgets/complex/ExtraBody';
import { weatherProviders } from '../../../app/widgets/complex/weatherProvider';
import { REPORT_SOURCE_TYPES } from '../../../app/widgets/complex/reportData';
import { DataSourceChoice } from './ReportSource';
import { CHART_THEME } from '@fieldhub/hmi';

type Loose = Record<string, unknown>;
type Part = 'data' | 'style';

/** Reads `a.b` of the widget's data or style. */
function read(w: Widget, part: Part, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => obj(o)[k], part === 'data' ? w.data : w.style);
}

/** The widget's data or style with `a.b` set (copies along the path; the document stays immutable). */
export function written(root: Loose, path: string, value: unknown): Loose {
  const [head, ...rest] = path.split('.');
  return { ...root, [head!]: rest.length ? written(obj(root[head!]), rest.join('.'), value) : value };
}

function useFields(editor: WidgetEditor) {
  const { t } = useT('designer');
  const w = editor.widget;
  const set = (part: Part, path: string, value: unknown) =>
    editor.patch(
      part === 'data'
        ? { data: written(w.data as Loose, path, value) as Widget['data'] }
        : { style: written(w.style as Loose, path, value) },
    );
  return {
    t,
    w,
    set,
    text: (part: Part, path: string, label: string, testId?: string) => (
      <Row label={label} key={`${part}.${path}`}>
        <CommitText
          testId={testId}
          value={str(read(w, part, path), '')}
          onCommit={(v) => set(part, path, v)}
        />
      </Row>
    ),
    number: (part: Part, path: string, label: string, fallback: number, min?: number, max?: number) => (
      <Row label={label} key={`${part}.${path}`}>
        <CommitNumber
          value={num(read(w, part, path), fallback)}
          min={min}
          max={max}
          onCommit={(v) => set(part, path, v)}
        />
      </Row>
    ),
    bool: (part: Part, path: string, label: string, fallback: boolean) => (
      <Row label={label} key={`${part}.${path}`}>
        <Switch
          size="small"
          checked={typeof read(w, part, path) === 'boolean' ? (read(w, part, path) as boolean) : fallback}
          onChange={(v) => set(part, path, v)}
        />
      </Row>
    ),
    // options keep their literal types, so a label key built from one is checked
    select: <O extends string>(
      part: Part,
      path: string,
      label: string,
      fallback: NoInfer<O>,
      options: readonly O[],
      labelOf: (o: O) => string,
      testId?: string,
    ) => (
      <Row label={label} key={`${part}.${path}`}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid={testId}
          value={str(read(w, part, path), fallback)}
          onChange={(v) => set(part, path, v)}
          options={options.map((o) => ({ value: o, label: labelOf(o) }))}
        />
      </Row>
    ),
    color: (part: Part, path: string, label: string, fallback: string) => (
      <Row label={label} key={`${part}.${path}`}>
        <ColorField value={str(read(w, part, path), fallback)} onCommit={(v) => set(part, path, v)} />
      </Row>
    ),
  };
}

const section = (title: string) => <div className="fh-prop-section">{title}</div>;

/** Time range, format and axis mode of the time charts. */
function TimeChartFields({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const fixed = str(read(f.w, 'data', 'mode'), 'adapt') !== 'adapt';
  return (
    <>
      {section(t('cprops.chart'))}
      {f.number('data', 'timeRange', t('cprops.time-range'), 60, 1, 525_600)}
      {f.text('data', 'timeFormat', t('cprops.time-format'))}
      {f.select('data', 'mode', t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
        t(`cprops.axis-${o}`),
      )}
      {fixed && f.number('data', 'minVal', t('props.min'), 0)}
      {fixed && f.number('data', 'maxVal', t('props.max'), 100)}
      {f.bool('style', 'legend.show', t('cprops.legend'), true)}
      {f.select(
        'style',
        'legend.position',
        t('cprops.legend-position'),
        'bottom',
        ['bottom', 'top', 'left', 'right'],
        (o) => t(`cprops.pos-${o}`),
      )}
      {f.bool('style', 'axis.grid', t('cprops.grid'), true)}
    </>
  );
}

function AxisFields({
  editor,
  axis,
  titled,
}: {
  editor: WidgetEditor;
  axis: 'modeX' | 'modeY';
  titled: boolean;
}) {
  const f = useFields(editor);
  const { t } = f;
  const fixed = titled || str(read(f.w, 'data', `${axis}.type`), 'adapt') !== 'adapt';
  return (
    <>
      {section(t(`cprops.${axis}`))}
      {titled
        ? f.text('data', `${axis}.title`, t('cprops.axis-title'))
        : f.select('data', `${axis}.type`, t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
            t(`cprops.axis-${o}`),
          )}
      {fixed && f.number('data', `${axis}.min`, t('props.min'), 0)}
      {fixed && f.number('data', `${axis}.max`, t('props.max'), 100)}
    </>
  );
}

/** Status rows of the timeline: status text, value and colour. */
function StatusRows({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const items = (
    Array.isArray(read(f.w, 'data', 'items')) ? (read(f.w, 'data', 'items') as unknown[]) : []
  ).map(obj);
  const save = (next: Loose[]) => f.set('data', 'items', next);
  return (
    <>
      {section(t('cprops.status-rows'))}
      {items.map((item, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <CommitText
            value={str(item['status'], '')}
            placeholder={t('cprops.status')}
            onCommit={(v) => save(items.map((x, k) => (k === i ? { ...x, status: v } : x)))}
          />
          <CommitText
            value={str(item['value'], '')}
            placeholder={t('cprops.value')}
            onCommit={(v) => save(items.map((x, k) => (k === i ? { ...x, value: v } : x)))}
          />
          <ColorField
            value={str(item['color'], '#1890FF')}
            onCommit={(v) => save(items.map((x, k) => (k === i ? { ...x, color: v } : x)))}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => save(items.filter((_, k) => k !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() =>
          save([...items, { status: '', value: String(items.length), color: CHART_THEME[items.length % 10] }])
        }
      >
        {t('cprops.add-row')}
      </Button>
    </>
  );
}

/** Entries of a nav bar or menu: label, page id or link, same or new window. */
function NavEntries({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const items = (
    Array.isArray(read(f.w, 'data', 'navItems')) ? (read(f.w, 'data', 'navItems') as unknown[]) : []
  ).map(obj);
  const save = (next: Loose[]) => f.set('data', 'navItems', next);
  const update = (i: number, patch: (x: Loose) => Loose) =>
    save(items.map((x, k) => (k === i ? patch(x) : x)));
  return (
    <>
      {section(t('cprops.nav-items'))}
      {items.map((item, i) => {
        const config = obj(obj(item['clickEvent'])['config']);
        const setConfig = (key: string, value: unknown) =>
          update(i, (x) => ({
            ...x,
            clickEvent: { enable: true, config: { ...obj(obj(x['clickEvent'])['config']), [key]: value } },
          }));
        return (
          <div
            key={i}
            style={{ border: '1px solid #eef0f3', borderRadius: 4, padding: 6, marginBottom: 6 }}
            data-testid="nav-item-editor"
          >
            <Row label={t('cprops.label')}>
              <CommitText
                testId="nav-item-label"
                value={str(item['label'], '')}
                onCommit={(v) => update(i, (x) => ({ ...x, label: v }))}
              />
            </Row>
            <Row label={t('cprops.nav-action')}>
              <Select
                size="small"
                style={{ width: '100%' }}
                value={str(config['action'], 'page')}
                onChange={(v) => setConfig('action', v)}
                options={(['page', 'link'] as const).map((o) => ({ value: o, label: t(`cprops.nav-${o}`) }))}
              />
            </Row>
            {str(config['action'], 'page') === 'link' ? (
              <Row label={t('cprops.link')}>
                <CommitText
                  value={str(config['link'], '')}
                  placeholder="https://"
                  onCommit={(v) => setConfig('link', v)}
                />
              </Row>
            ) : (
              <Row label={t('cprops.page-id')}>
                <CommitText value={str(config['pageId'], '')} onCommit={(v) => setConfig('pageId', v)} />
              </Row>
            )}
            <Row label={t('cprops.new-window')}>
              <Space>
                <Switch
                  size="small"
                  checked={config['target'] === '_blank'}
                  onChange={(v) => setConfig('target', v ? '_blank' : '_self')}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => save(items.filter((_, k) => k !== i))}
                />
              </Space>
            </Row>
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="nav-item-add"
        onClick={() =>
          save([
            ...items,
            {
              id: `nav-${Date.now().toString(36)}`,
              label: t('complex.nav-sample', { n: items.length + 1 }),
              iconHref: '',
              defaultAct: items.length === 0,
              authRegion: [],
              children: [],
              clickEvent: { enable: true, config: { action: 'page', pageId: '', target: '_self' } },
            },
          ])
        }
      >
        {t('cprops.add-row')}
      </Button>
    </>
  );
}

/** Pictures of a carousel. */
function Pictures({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const pics = (
    Array.isArray(read(f.w, 'data', 'picArray')) ? (read(f.w, 'data', 'picArray') as unknown[]) : []
  ).map(obj);
  const save = (next: Loose[]) => f.set('data', 'picArray', next);
  return (
    <>
      {section(t('cprops.pictures'))}
      {pics.map((p, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <CommitText
            value={str(p['imgUrl'], '')}
            placeholder="https://…/a.png"
            onCommit={(v) => save(pics.map((x, k) => (k === i ? { ...x, imgUrl: v } : x)))}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => save(pics.filter((_, k) => k !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => save([...pics, { enable: true, imgUrl: '', clickEvent: {} }])}
      >
        {t('cprops.add-picture')}
      </Button>
    </>
  );
}

/** The type-specific settings of the style tab. */
export function ComplexSpecific({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  switch (w.widgetType) {
    case 'ComplexLine':
    case 'ComplexArea':
      return (
        <>
          <TimeChartFields editor={editor} />
          {f.bool('style', 'smooth', t('cprops.smooth'), false)}
        </>
      );
    case 'ComplexBar':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.select('data', 'mode', t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
            t(`cprops.axis-${o}`),
          )}
          {f.number('data', 'minVal', t('props.min'), 0)}
          {f.number('data', 'maxVal', t('props.max'), 100)}
          {f.number('style', 'barWidth', t('cprops.bar-width'), 40, 1, 400)}
          {f.number('style', 'barSpace', t('cprops.bar-space'), 35, 0, 400)}
          {f.bool('style', 'valueShow', t('cprops.value-show'), false)}
          {f.bool('style', 'legend.show', t('cprops.legend'), false)}
        </>
      );
    case 'ComplexPie':
    case 'ComplexRing':
    case 'ComplexRose':
    case 'ScriptPie':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.select('style', 'valueType', t('cprops.value-type'), 'value', ['value', 'percent'], (o) =>
            t(`cprops.value-type-${o}`),
          )}
          {w.widgetType === 'ComplexRing' &&
            f.number('style', 'ringWidth', t('cprops.ring-width'), 20, 1, 400)}
          {f.bool('style', 'legend.show', t('cprops.legend'), true)}
          {w.widgetType === 'ScriptPie' && <ScriptFields editor={editor} />}
        </>
      );
    case 'ComplexXyline':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 60, 1, 525_600)}
          {f.select('data', 'lineType', t('cprops.line-type'), 'line', ['line', 'dot'], (o) =>
            t(`cprops.line-type-${o}`),
          )}
          <AxisFields editor={editor} axis="modeX" titled={false} />
          <AxisFields editor={editor} axis="modeY" titled={false} />
        </>
      );
    case 'ComplexDiagram':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 120, 1, 525_600)}
          <AxisFields editor={editor} axis="modeX" titled />
          <AxisFields editor={editor} axis="modeY" titled />
        </>
      );
    case 'ComplexSection':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 60, 1, 525_600)}
          {f.text('data', 'timeFormat', t('cprops.time-format'))}
          {f.select('style', 'sectionHeight', t('cprops.section-height'), 'adapt', ['adapt', 'value'], (o) =>
            t(`cprops.section-height-${o}`),
          )}
          {read(w, 'style', 'sectionHeight') === 'value' &&
            f.number('style', 'sectionHeightValue', t('cprops.height-px'), 40, 4, 2000)}
          <StatusRows editor={editor} />
        </>
      );
    case 'ComplexHistory':
    case 'ComplexAlarm':
      return (
        <>
          {section(t('cprops.table'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 720, 1, 525_600)}
          {f.number('data', 'rollTime', t('cprops.roll-time'), 30, 5, 3600)}
          {f.bool('data', 'filterTime', t('cprops.filter-time'), true)}
          {w.widgetType === 'ComplexHistory' && f.bool('data', 'exportExcel', t('cprops.export-excel'), true)}
          {w.widgetType === 'ComplexHistory' && f.text('data', 'format', t('props.format'))}
          {f.bool('style', 'pager', t('cprops.pager'), true)}
          {f.number('style', 'headerHeight', t('cprops.header-height'), 46, 20, 200)}
          {f.number('style', 'rowHeight', t('cprops.row-height'), 40, 20, 200)}
          {w.widgetType === 'ComplexAlarm' && (
            <Row label={t('cprops.columns')}>
              <Select
                size="small"
                mode="multiple"
                style={{ width: '100%' }}
                data-testid="alarm-columns"
                value={
                  (obj(read(w, 'data', 'col'))['list'] as string[] | undefined) ?? [...ALARM_DEFAULT_COLUMNS]
                }
                onChange={(v: string[]) =>
                  f.set('data', 'col', {
                    enable: true,
                    list: ALARM_DEFAULT_COLUMNS.filter((c) => v.includes(c)),
                  })
                }
                options={ALARM_DEFAULT_COLUMNS.map((c) => ({ value: c, label: t(`complex.alarm-col.${c}`) }))}
              />
            </Row>
          )}
        </>
      );
    case 'ComplexMap':
      return (
        <>
          {section(t('cprops.map'))}
          {f.text('data', 'tileUrl', t('cprops.tile-url'), 'map-tile-url')}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('cprops.tile-url-help')}
          </Typography.Paragraph>
          {f.bool('data', 'titleEnable', t('cprops.title-enable'), true)}
          {f.bool('data', 'signalEnable', t('cprops.signal-enable'), true)}
          {f.bool('style', 'center.enable', t('cprops.center-enable'), false)}
          {f.number('style', 'center.zoom', t('cprops.zoom'), 12, 1, 18)}
          {f.number('style', 'center.latitude', t('cprops.latitude'), 39.9042, -90, 90)}
          {f.number('style', 'center.longitude', t('cprops.longitude'), 116.4074, -180, 180)}
          {f.color('style', 'fill', t('cprops.background'), '#EEF2F7')}
        </>
      );
    case 'ComplexWeather':
      return (
        <>
          {section(t('cprops.weather'))}
          {f.select(
            'data',
            'provider',
            t('cprops.provider'),
            '',
            ['', ...weatherProviders().map((p) => p.name)],
            (o) =>
              o ? (weatherProviders().find((p) => p.name === o)?.label ?? o) : t('cprops.provider-none'),
          )}
          {f.text('data', 'title', t('cprops.place-title'))}
          {f.text('data', 'provinceId', t('cprops.province'))}
          {f.text('data', 'cityId', t('cprops.city'))}
          {f.text('data', 'countyId', t('cprops.county'))}
          {f.select(
            'style',
            'themeColor',
            t('cprops.theme-color'),
            'blue',
            ['white', 'blue', 'orange', 'yellow'],
            (o) => t(`cprops.theme-${o}`),
          )}
          {f.number('style', 'radius', t('props.radius'), 10, 0, 200)}
        </>
      );
    case 'ComplexVideo':
      return (
        <>
          {section(t('cprops.video'))}
          {f.text('data', 'url', t('cprops.stream-url'), 'video-url')}
          {f.select('data', 'streamType', t('cprops.stream-type'), 'auto', ['auto', 'hls', 'flv'], (o) =>
            t(`cprops.stream-${o}`),
          )}
          {section(t('cprops.ezviz'))}
          {f.text('data', 'dataAddon.serialNumber', t('cprops.serial'))}
          {f.number('data', 'dataAddon.channelNumber', t('cprops.channel'), 1, 1, 256)}
          {f.bool('data', 'dataAddon.PanTilt', t('cprops.pan-tilt'), false)}
          {f.bool('data', 'dataAddon.talk', t('cprops.talk'), false)}
        </>
      );
    case 'NavigateNav':
    case 'NavigateMenu':
      return (
        <>
          {f.color('style', 'fill', t('props.fill'), w.widgetType === 'NavigateNav' ? '#001529' : '#FFFFFF')}
          {f.color(
            'style',
            'color',
            t('props.color'),
            w.widgetType === 'NavigateNav' ? '#FFFFFF' : '#000000',
          )}
          {f.color('style', 'activeColor', t('cprops.active-color'), '#1890FF')}
          <NavEntries editor={editor} />
        </>
      );
    case 'NavigateIframe':
      return (
        <>
          {section(t('cprops.iframe'))}
          {f.bool('data', 'enable', t('cprops.enable'), true)}
          {f.text('data', 'link', t('cprops.link'), 'iframe-link')}
          {f.text('data', 'pageId', t('cprops.page-id'))}
          {f.text('data', 'pageTitle', t('cprops.page-title'))}
          {f.select('style', 'scrollType', t('cprops.scroll'), 'auto', ['auto', 'hidden'], (o) =>
            t(`cprops.scroll-${o}`),
          )}
        </>
      );
    case 'NavigateImageText':
      return (
        <>
          {section(t('cprops.richtext'))}
          <CommitText
            multiline
            testId="richtext-input"
            value={str(read(w, 'data', 'richText'), '')}
            onCommit={(v) => f.set('data', 'richText', v)}
          />
        </>
      );
    case 'NavigateSlide':
      return (
        <>
          {section(t('cprops.slide'))}
          {f.bool('style', 'slideAuto', t('cprops.slide-auto'), true)}
          {f.number('style', 'time', t('cprops.slide-time'), 5, 1, 600)}
          {f.select('style', 'slideType', t('cprops.slide-type'), 'x', ['x', 'y'], (o) =>
            t(`cprops.slide-${o}`),
          )}
          <Pictures editor={editor} />
        </>
      );
    case 'ScriptReport':
    case 'ScriptTrend':
    case 'ScriptBar':
      return <ScriptFields editor={editor} />;
    case 'UsualWebgl':
      return (
        <>
          {section(t('cprops.scene'))}
          {f.text('data', 'modelUrl', t('cprops.model-url'))}
          {f.bool('data', 'autoRotate', t('cprops.auto-rotate'), true)}
          {f.color('style', 'fill', t('cprops.background'), '#0B1A2E')}
          {f.color('style', 'color', t('props.color'), '#1890FF')}
        </>
      );
    default:
      return null;
  }
}

/**
 * Script code and the parameter fields of docs/requirements/widgets.md §6.1 (offset, timeUnit, length, mode,
 * min, max).
 */
function ScriptFields({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  const type = w.widgetType;
  return (
    <>
      {section(t('cprops.script'))}
      <Input.TextArea
        key={`${w.id}-${str(read(w, 'data', 'script'), '')}`}
        data-testid="script-code"
        defaultValue={str(read(w, 'data', 'script'), '')}
        autoSize={{ minRows: 8, maxRows: 24 }}
        spellCheck={false}
        wrap="off"
        style={{
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          fontSize: 12,
          whiteSpace: 'pre',
          overflowX: 'auto',
        }}
        onBlur={(e) =>
          e.target.value !== str(read(w, 'data', 'script'), '') && f.set('data', 'script', e.target.value)
        }
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4 }}>
        {t('cprops.script-help')}
      </Typography.Paragraph>
      {f.number('data', 'offset', t('cprops.offset'), -1, -1000, 1000)}
      {f.select(
        'data',
        'timeUnit',
        t('cprops.time-unit'),
        'date',
        ['hour', 'date', 'week', 'month', 'year'],
        (o) => t(`cprops.unit-${o}`),
      )}
      {(type === 'ScriptReport' || type === 'ScriptBar') &&
        f.number('data', 'length', t('cprops.length'), 1, 1, 1000)}
      {(type === 'ScriptTrend' || type === 'ScriptBar') && (
        <>
          {f.select('data', 'mode', t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
            t(`cprops.axis-${o}`),
          )}
          {f.number('data', 'min', t('props.min'), 0)}
          {f.number('data', 'max', t('props.max'), 100)}
        </>
      )}
    </>
  );
}

/** A list of signal refs with colour and alias; add through the signal picker. */
function RefList({
  refs,
  signals,
  onChange,
  testId,
  colours,
}: {
  refs: SignalRef[];
  signals: SignalSource;
  onChange: (next: SignalRef[]) => void;
  testId: string;
  colours: boolean;
}) {
  const { t } = useT('designer');
  return (
    <div data-testid={testId}>
      {refs.map((r, i) => (
        <div
          key={`${r.equipId}-${r.signalId}-${i}`}
          style={{ display: 'flex', gap: 4, alignItems: 'center', marginBottom: 4 }}
        >
          {colours && (
            <ColorField
              value={r.color || CHART_THEME[i % 10]!}
              onCommit={(v) => onChange(refs.map((x, k) => (k === i ? { ...x, color: v } : x)))}
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <CommitText
              value={r.alias ?? ''}
              placeholder={r.title || r.signalId}
              onCommit={(v) => onChange(refs.map((x, k) => (k === i ? { ...x, alias: v } : x)))}
            />
            <Typography.Text type="secondary" style={{ fontSize: 11 }} ellipsis>
              {r.subTitle || r.equipId} · {r.title || r.signalId}
            </Typography.Text>
          </div>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(refs.filter((_, k) => k !== i))}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<ApiOutlined />}
        data-testid={`${testId}-add`}
        onClick={async () => {
          const c = await signals.pick();
          if (c)
            onChange([
              ...refs,
              signalRefSchema.parse({
                signalId: c.signalId,
                equipId: c.equipId,
                title: c.title,
                subTitle: c.equipTitle,
                color: CHART_THEME[refs.length % 10],
              }),
            ]);
        }}
      >
        {t('cprops.add-signal')}
      </Button>
    </div>
  );
}

/** Equipment entries (alarm records: equips; map: equipments with their position). */
function EquipmentList({
  editor,
  map,
  signals,
}: {
  editor: WidgetEditor;
  map: boolean;
  signals: SignalSource;
}) {
  const { t } = useT('designer');
  const equipments = useEquipments();
  const key = map ? 'equipments' : 'equips';
  const w = editor.widget;
  const list = (Array.isArray((w.data as Loose)[key]) ? ((w.data as Loose)[key] as unknown[]) : []).map(obj);
  const save = (next: Loose[]) => editor.patch({ data: { ...w.data, [key]: next } });
  const add = async (id: number) => {
    const name = equipments.data?.find((e) => e.id === id)?.name ?? String(id);
    if (!map) return save([...list, { equipmentId: String(id), title: name }]);
    // the device's own position, when it has one, places the marker
    const row = await callApi(devicesCalls.info, { id }, { silent: true }).catch(() => null);
    save([
      ...list,
      {
        equipmentId: String(id),
        title: name,
        lat: row?.lat ?? '',
        lng: row?.lng ?? '',
        config: { signalArray: [] },
      },
    ]);
  };
  return (
    <>
      {list.map((e, i) => (
        <div
          key={`${String(e['equipmentId'])}-${i}`}
          style={{ border: '1px solid #eef0f3', borderRadius: 4, padding: 6, marginBottom: 6 }}
        >
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>{str(e['title'], String(e['equipmentId']))}</Typography.Text>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => save(list.filter((_, k) => k !== i))}
            />
          </Space>
          {map && (
            <div className="fh-prop-grid">
              <CommitNumber
                addonBefore={t('cprops.lat')}
                value={num(e['lat'], 0)}
                min={-90}
                max={90}
                onCommit={(v) => save(list.map((x, k) => (k === i ? { ...x, lat: v } : x)))}
              />
              <CommitNumber
                addonBefore={t('cprops.lng')}
                value={num(e['lng'], 0)}
                min={-180}
                max={180}
                onCommit={(v) => save(list.map((x, k) => (k === i ? { ...x, lng: v } : x)))}
              />
            </div>
          )}
          {map && (
            <RefList
              refs={(Array.isArray(obj(e['config'])['signalArray'])
                ? (obj(e['config'])['signalArray'] as unknown[])
                : []
              ).map((r) => signalRefSchema.parse(r))}
              signals={signals}
              colours={false}
              testId="map-signals"
              onChange={(next) =>
                save(
                  list.map((x, k) =>
                    k === i ? { ...x, config: { ...obj(x['config']), signalArray: next } } : x,
                  ),
                )
              }
            />
          )}
        </div>
      ))}
      <Select
        size="small"
        style={{ width: '100%' }}
        placeholder={t('cprops.add-equipment')}
        loading={equipments.isPending}
        value={null}
        data-testid={map ? 'map-add-equipment' : 'alarm-add-equipment'}
        onChange={(id: number) => void add(id)}
        options={(equipments.data ?? [])
          .filter((e) => !list.some((x) => String(x['equipmentId']) === String(e.id)))
          .map((e) => ({ value: e.id, label: e.name }))}
        showSearch
        optionFilterProp="label"
      />
    </>
  );
}

const CHART_ARRAYS = new Set([
  'ComplexLine',
  'ComplexArea',
  'ComplexBar',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
  'ComplexHistory',
  'ScriptReport',
  'ScriptTrend',
  'ScriptBar',
  'ScriptPie',
]);

/** Whether the data tab shows ComplexData instead of the single binding. */
export function hasComplexData(type: string): boolean {
  return isExtraType(type);
}

/** The data tab of the complex widgets. */
export function ComplexData({ editor, signals }: { editor: WidgetEditor; signals: SignalSource }) {
  const { t } = useT('designer');
  const w = editor.widget;
  const type = w.widgetType;
  const setArray = (key: 'signalArray' | 'signalArrayX' | 'signalArrayY') => (next: SignalRef[]) =>
    editor.patch({ data: { ...w.data, [key]: next } });
  if (CHART_ARRAYS.has(type)) {
    const variables = (
      <>
        {section(t('cprops.signals'))}
        <RefList
          refs={w.data.signalArray}
          signals={signals}
          onChange={setArray('signalArray')}
          testId="signal-array"
          colours={type !== 'ComplexHistory' && type !== 'ScriptReport'}
        />
      </>
    );
    return (
      <div data-testid="complex-data">
        {(REPORT_SOURCE_TYPES as readonly string[]).includes(type) ? (
          <DataSourceChoice
            key={w.id}
            editor={editor}
            pageEquipId={signals.pageEquipId}
            variables={variables}
          />
        ) : (
          variables
        )}
      </div>
    );
  }
  if (type === 'ComplexXyline' || type === 'ComplexDiagram') {
    return (
      <div data-testid="complex-data">
        {section(t('cprops.signals-x'))}
        <RefList
          refs={w.data.signalArrayX}
          signals={signals}
          onChange={setArray('signalArrayX')}
          testId="signal-array-x"
          colours={false}
        />
        {section(t('cprops.signals-y'))}
        <RefList
          refs={w.data.signalArrayY}
          signals={signals}
          onChange={setArray('signalArrayY')}
          testId="signal-array-y"
          colours
        />
      </div>
    );
  }
  if (type === 'ComplexSection') {
    const current = signalRefSchema.parse(obj((w.data as Loose)['reportSignal']));
    return (
      <div data-testid="complex-data">
        {section(t('cprops.status-signal'))}
        <RefList
          refs={current.signalId ? [current] : []}
          signals={signals}
          testId="section-signal"
          colours={false}
          onChange={(next) =>
            editor.patch({
              data: {
                ...w.data,
                reportSignal: next[next.length - 1] ?? {
                  signalId: '',
                  equipId: '',
                  title: '',
                  subTitle: '',
                  alias: '',
                },
              },
            })
          }
        />
      </div>
    );
  }
  if (type === 'ComplexAlarm' || type === 'ComplexMap') {
    return (
      <div data-testid="complex-data">
        {section(t('cprops.equipments'))}
        <EquipmentList editor={editor} map={type === 'ComplexMap'} signals={signals} />
      </div>
    );
  }
  return (
    <Typography.Paragraph type="secondary" data-testid="complex-data">
      {t('cprops.no-data')}
    </Typography.Paragraph>
  );
}
