import { animationSchema, clickEventSchema, emptyPage, type PageDocument } from '@fieldhub/hmi';
import { namedWidget as widget } from './viewerWidget';

/** An enabled click event with the given action config, as the designer stores it. */
const onClick = (config: Record<string, unknown>) => clickEventSchema.parse({ enable: true, config });

/** What the viewer test's pages bind and link to. */
export interface ViewerPageRefs {
  equipmentId: number;
  /** variable ids by name */
  signalIds: Record<string, number>;
  overviewId: number;
  detailsId: number;
}

/**
 * The three device pages of the viewer browser test: the overview (gauge, tank, texts, a lamp
 * animated by the set point, write, script and page-jump buttons), the details page and a page of
 * bound controls that write the set point themselves.
 */
export function viewerPages(refs: ViewerPageRefs) {
  const { equipmentId, signalIds, overviewId, detailsId } = refs;
  const bound = (signal: string) => ({
    signalId: String(signalIds[signal]),
    equipId: String(equipmentId),
    title: signal,
  });

  function overview(): PageDocument {
    const page = emptyPage({
      title: 'Overview',
      width: 1000,
      height: 560,
      fit: 'container',
      bgColor: '#F5F7FA',
    });
    page.widgets = [
      widget('UsualText', 'heading', [20, 10, 500, 40], {
        data: { text: 'Raw water plant' },
      }),
      widget('UsualDashboard', 'gauge', [20, 60, 260, 260], {
        data: { ...bound('power'), minVal: 0, maxVal: 500, unit: 'kW' },
      }),
      widget('UsualPercentFill', 'tank', [320, 60, 140, 260], {
        data: { ...bound('tank_level'), mode: 'capacity', minVal: 0, maxVal: 10 },
      }),
      widget('UsualDataText', 'power-text', [20, 330, 260, 40], {
        data: { ...bound('power'), decimals: 2, unit: 'kW' },
      }),
      widget('UsualDataText', 'setpoint-text', [500, 80, 200, 40], {
        data: { ...bound('level_setpoint'), decimals: 2, unit: 'm' },
      }),
      widget('ShapeCircle', 'lamp', [720, 80, 40, 40], {
        animation: [
          animationSchema.parse({
            type: 'fillColor',
            enable: true,
            data: bound('level_setpoint'),
            rows: [
              { symbol: '>', value: '8', color: '#F5222D' },
              { symbol: '<=', value: '8', color: '#52C41A' },
            ],
          }),
        ],
      }),
      widget('UsualButton', 'write-9', [500, 140, 120, 40], {
        data: { text: 'Set 9 m' },
        clickEvent: onClick({
          action: 'write',
          data: bound('level_setpoint'),
          writeValue: '9',
          confirm: true,
          hint: true,
          hintValue: 'The inlet valve will open',
          feedback: true,
        }),
      }),
      widget('UsualButton', 'write-input', [640, 140, 120, 40], {
        data: { text: 'Set…' },
        clickEvent: onClick({
          action: 'write',
          writeType: 'input',
          data: bound('level_setpoint'),
          confirm: true,
          feedback: true,
        }),
      }),
      widget('UsualButton', 'to-details', [500, 200, 260, 40], {
        data: { text: 'Details →' },
        clickEvent: onClick({ action: 'page', pageId: String(detailsId) }),
      }),
      // a switch on the set point: on at 9 m, off at 5 m; a click writes the other value
      widget('UsualSelect', 'setpoint-switch', [780, 140, 80, 40], {
        data: { ...bound('level_setpoint'), onValue: '9', offValue: '5', confirm: true },
      }),
      // the same jump from a click script in the sandbox: main(api, param, callback)
      widget('UsualButton', 'script-jump', [780, 200, 160, 40], {
        data: { text: 'Script →' },
        clickEvent: onClick({
          action: 'script',
          script: `function main(api, param, callback) { callback({ jump: ${detailsId} }); }`,
        }),
      }),
      widget('UsualText', 'control-room-only', [500, 260, 260, 40], {
        authRegion: ['Control room'],
        data: { text: 'Control room note' },
      }),
    ];
    return page;
  }

  function details(): PageDocument {
    const page = emptyPage({ title: 'Details', width: 800, height: 400, fit: 'none' });
    page.widgets = [
      widget('UsualDataText', 'level-text', [20, 20, 240, 40], {
        data: { ...bound('tank_level'), decimals: 3, unit: 'm' },
      }),
      widget('UsualButton', 'to-overview', [20, 80, 200, 40], {
        data: { text: '← Overview' },
        clickEvent: onClick({ action: 'page', pageId: String(overviewId) }),
      }),
    ];
    return page;
  }

  /** A page of bound controls that write the set point themselves (no click events). */
  function controls(): PageDocument {
    const page = emptyPage({ title: 'Controls', width: 800, height: 300, fit: 'none' });
    const options = [
      { text: '4 m', value: '4' },
      { text: '6 m', value: '6' },
      { text: '7 m', value: '7' },
    ];
    page.widgets = [
      widget('UsualDataText', 'controls-setpoint', [20, 20, 200, 40], {
        data: { ...bound('level_setpoint'), decimals: 2, unit: 'm' },
      }),
      widget('UsualRadio', 'setpoint-radio', [20, 80, 300, 40], {
        data: { ...bound('level_setpoint'), options, feedback: true },
      }),
      widget('UsualComboBox', 'setpoint-combo', [20, 140, 200, 36], {
        data: { ...bound('level_setpoint'), options },
      }),
      widget('UsualInput', 'setpoint-input', [20, 200, 200, 36], {
        data: { ...bound('level_setpoint') },
      }),
    ];
    return page;
  }

  return { overview, details, controls };
}
