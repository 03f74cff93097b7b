/**
 * Style-tab settings of the media and page widgets: map, weather, video, embedded page, rich text,
 * picture carousel and the 3D scene.
 */
import { Button, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { clickEventSchema } from '@fieldhub/hmi';
import { obj, str } from '../../../../app/widgets/styleOf';
import { CommitText, Row } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';
import { MaterialField } from '../MaterialPicker';
import { ClickTargetFields } from './clickTarget';
import { read, section, useFields, type Loose } from './complexFields';

/** Pictures of a carousel: each enabled or not, its image and its own click event. */
function Pictures({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const pics = (
    Array.isArray(read(f.w, 'data', 'picArray')) ? (read(f.w, 'data', 'picArray') as unknown[]) : []
  ).map(obj);
  const save = (next: Loose[]) => f.set('data', 'picArray', next);
  const update = (i: number, patch: Loose) => save(pics.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  return (
    <>
      {section(t('cprops.pictures'))}
      {pics.map((p, i) => {
        const event = clickEventSchema.safeParse(p['clickEvent'] ?? {});
        return (
          <div
            key={i}
            data-testid="slide-picture-editor"
            style={{ border: '1px solid #eef0f3', borderRadius: 4, padding: 6, marginBottom: 6 }}
          >
            <Row label={t('cprops.enable')}>
              <Space>
                <Switch
                  size="small"
                  checked={p['enable'] !== false}
                  onChange={(enable) => update(i, { enable })}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => save(pics.filter((_, k) => k !== i))}
                />
              </Space>
            </Row>
            <MaterialField
              testId="slide-picture-url"
              value={str(p['imgUrl'], '')}
              placeholder="https://…/a.png"
              onCommit={(imgUrl) => update(i, { imgUrl })}
            />
            <ClickTargetFields
              switchable
              event={event.success ? event.data : clickEventSchema.parse({})}
              onChange={(clickEvent) => update(i, { clickEvent })}
            />
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="slide-picture-add"
        onClick={() =>
          save([
            ...pics,
            {
              enable: true,
              imgUrl: '',
              clickEvent: clickEventSchema.parse({ config: { action: 'page' } }),
            },
          ])
        }
      >
        {t('cprops.add-picture')}
      </Button>
    </>
  );
}

/** The media and page types' own settings. */
export function MediaProps({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  switch (w.widgetType) {
    case 'ComplexMap':
      return (
        <>
          {section(t('cprops.map'))}
          {f.text('data', 'tileUrl', t('cprops.tile-url'), 'map-tile-url')}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('cprops.tile-url-help')}
          </Typography.Paragraph>
          {f.bool('data', 'totalCount', t('cprops.map-totals'), true)}
          {f.bool('data', 'equipProportion', t('cprops.map-share'), true)}
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
          {f.text('data', 'title', t('cprops.place-title'))}
          {f.text('data', 'city', t('cprops.city'), 'weather-city')}
          {f.text('data', 'lat', t('cprops.weather-lat'), 'weather-lat')}
          {f.text('data', 'lng', t('cprops.weather-lng'), 'weather-lng')}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('cprops.weather-place-help')}
          </Typography.Paragraph>
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
