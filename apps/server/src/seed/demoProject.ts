import {
  animationSchema,
  clickEventSchema,
  defaultWidget,
  emptyPage,
  type PageDocument,
  type Widget,
  type WidgetType,
} from '@fieldhub/hmi';
import { projectAddSchema, projectEquipAddSchema, type Lang } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { AuthContext } from '../http/context';
import * as projects from '../modules/projects/projects.service';
import * as projectEquip from '../modules/projects/projectEquip.service';
import { addPage, savePage } from '../modules/pages/pages.service';
import { SEED_IP } from './demoDevices';
import { demoTexts, type DemoTexts, type DemoVariable } from './demoTexts';

/** A device of the demo project with its variables by name. */
interface DemoDevice {
  equipmentId: number;
  name: string;
  variables: Record<string, number>;
}

/** The variables of the given devices of an enterprise, by device. */
async function devicesOf(db: Db, orgId: number, equipmentIds: number[]): Promise<DemoDevice[]> {
  const rows = await db.query<{ equipment_id: number; device: string; id: number; name: string }>(
    `select e.id as equipment_id, e.name as device, v.id, v.name
       from equipment e join variables v on v.equipment_id = e.id
      where e.org_id = $1 and e.id = any($2::int[])
      order by e.id, v.id`,
    [orgId, equipmentIds],
  );
  const out = new Map<number, DemoDevice>();
  for (const r of rows) {
    const d = out.get(r.equipment_id) ?? { equipmentId: r.equipment_id, name: r.device, variables: {} };
    d.variables[r.name] = r.id;
    out.set(r.equipment_id, d);
  }
  return [...out.values()];
}

type Ref = { signalId: string; equipId: string; title: string; subTitle: string };

/** A variable's label on the demo pages: its name in the demo's language, else the identifier. */
const labelOf = (texts: DemoTexts, variable: string): string =>
  texts.variables[variable as DemoVariable] ?? variable;

/** The first variable of that name among the devices, as a binding. */
function refTo(devices: DemoDevice[], variable: DemoVariable, texts: DemoTexts): Ref | null {
  const d = devices.find((x) => x.variables[variable] !== undefined);
  return d
    ? {
        signalId: String(d.variables[variable]),
        equipId: String(d.equipmentId),
        title: labelOf(texts, variable),
        subTitle: d.name,
      }
    : null;
}

function widget(
  type: WidgetType,
  name: string,
  [x, y, width, height]: [number, number, number, number],
  data: Record<string, unknown> = {},
  extra: Partial<Omit<Widget, 'data'>> = {},
): Widget {
  const w = defaultWidget(type, { id: name, x, y, width, height });
  return { ...w, widgetName: name, ...extra, data: { ...w.data, ...data } };
}

const jump = (pageId: number) =>
  clickEventSchema.parse({ enable: true, config: { action: 'page', pageId: String(pageId) } });

/**
 * The overview: a power gauge, the tank (capacity fill), the level and set point as text, a
 * button that writes a set point of 6 m after confirmation, a trend chart of level and set point,
 * the alarm table of the project's devices, and a button to the second page.
 */
function overviewPage(devices: DemoDevice[], nextPageId: number, texts: DemoTexts): PageDocument {
  const page = emptyPage({
    title: texts.project.overview,
    width: 1280,
    height: 720,
    fit: 'container',
    bgColor: '#F5F7FA',
  });
  const power = refTo(devices, 'power', texts);
  const level = refTo(devices, 'tank_level', texts);
  const setpoint = refTo(devices, 'level_setpoint', texts);
  const widgets: Widget[] = [
    widget(
      'UsualText',
      'title',
      [24, 16, 600, 44],
      { text: texts.project.heading },
      {
        style: {
          ...defaultWidget('UsualText', { id: 't', x: 0, y: 0 }).style,
          align: 'left',
          font: { size: 24, weight: 'bold' },
        },
      },
    ),
  ];
  if (power) {
    widgets.push(
      widget('UsualDashboard', 'power-gauge', [24, 80, 280, 280], {
        ...power,
        minVal: 0,
        maxVal: 500,
        unit: 'kW',
      }),
    );
    widgets.push(
      widget('UsualDataText', 'power-text', [24, 364, 280, 32], { ...power, decimals: 1, unit: 'kW' }),
    );
  }
  if (level) {
    widgets.push(
      widget('UsualPercentFill', 'tank', [340, 80, 160, 280], {
        ...level,
        mode: 'capacity',
        minVal: 0,
        maxVal: 10,
      }),
    );
    widgets.push(
      widget('UsualDataText', 'level-text', [340, 364, 160, 32], { ...level, decimals: 2, unit: 'm' }),
    );
  }
  if (setpoint) {
    widgets.push(widget('UsualText', 'setpoint-label', [540, 90, 140, 32], { text: texts.project.setpoint }));
    widgets.push(
      widget('UsualDataText', 'setpoint-text', [680, 90, 120, 32], { ...setpoint, decimals: 2, unit: 'm' }),
    );
    widgets.push(
      widget(
        'ShapeCircle',
        'setpoint-lamp',
        [820, 94, 24, 24],
        {},
        {
          animation: [
            animationSchema.parse({
              type: 'fillColor',
              enable: true,
              data: setpoint,
              rows: [
                { symbol: '>', value: '8', color: '#F5222D' },
                { symbol: '<=', value: '8', color: '#52C41A' },
              ],
            }),
          ],
        },
      ),
    );
    widgets.push(
      widget(
        'UsualButton',
        'write-setpoint',
        [540, 140, 200, 40],
        { text: texts.project.writeSetpoint },
        {
          clickEvent: clickEventSchema.parse({
            enable: true,
            config: { action: 'write', data: setpoint, writeValue: '6', confirm: true, feedback: true },
          }),
        },
      ),
    );
  }
  const trend = [level, setpoint].filter((r): r is Ref => r !== null);
  if (trend.length)
    widgets.push(
      widget('ComplexLine', 'trend', [540, 200, 716, 260], {
        signalArray: trend.map((r, i) => ({ ...r, color: ['#1890FF', '#FA8C16'][i] })),
        timeRange: 60,
      }),
    );
  widgets.push(
    widget('ComplexAlarm', 'alarms', [24, 480, 1232, 220], {
      equips: devices.map((d) => ({ equipmentId: String(d.equipmentId), title: d.name })),
    }),
  );
  widgets.push(
    widget(
      'UsualButton',
      'to-details',
      [760, 140, 200, 40],
      { text: texts.project.toDetails },
      { clickEvent: jump(nextPageId) },
    ),
  );
  page.widgets = widgets;
  return page;
}

const leftAligned = { ...defaultWidget('UsualText', { id: 'style', x: 0, y: 0 }).style, align: 'left' };

/** The second page: every variable of every device as a labelled value, and the way back. */
function detailsPage(devices: DemoDevice[], overviewId: number, texts: DemoTexts): PageDocument {
  const page = emptyPage({ title: texts.project.details, width: 1280, height: 720, fit: 'container' });
  const widgets: Widget[] = [
    widget(
      'UsualButton',
      'to-overview',
      [24, 16, 200, 40],
      { text: texts.project.toOverview },
      { clickEvent: jump(overviewId) },
    ),
  ];
  let y = 80;
  for (const d of devices) {
    widgets.push(
      widget(
        'UsualText',
        `device-${d.equipmentId}`,
        [24, y, 400, 32],
        { text: d.name },
        { style: leftAligned },
      ),
    );
    y += 36;
    for (const [name, id] of Object.entries(d.variables)) {
      const label = labelOf(texts, name);
      const ref = { signalId: String(id), equipId: String(d.equipmentId), title: label, subTitle: d.name };
      widgets.push(
        widget('UsualText', `label-${id}`, [48, y, 220, 28], { text: label }, { style: leftAligned }),
      );
      widgets.push(widget('UsualDataText', `value-${id}`, [280, y, 200, 28], { ...ref, decimals: 2 }));
      y += 30;
    }
    y += 12;
  }
  page.widgets = widgets;
  page.options.height = Math.max(720, y + 24);
  return page;
}

/**
 * A demo project of the given devices: the devices bound, an overview page (gauge, tank, a
 * confirmed set-point write, trend chart, alarm table, a jump to the second page) and a details
 * page, in `lang`. Goes through the same services as the screens. Answers the project and page ids.
 */
export async function seedDemoProject(
  db: Db,
  auth: AuthContext,
  equipmentIds: number[],
  lang: Lang,
  ip = SEED_IP,
): Promise<{ projectId: number; overviewId: number; detailsId: number }> {
  const texts = demoTexts[lang];
  const project = await projects.add(
    db,
    auth,
    projectAddSchema.parse({ name: texts.project.name, remark: texts.project.remark }),
    ip,
  );
  await projectEquip.add(
    db,
    auth,
    projectEquipAddSchema.parse({
      projectId: project.id,
      equips: equipmentIds.map((equipmentId) => ({ equipmentId })),
    }),
    ip,
  );
  const devices = await devicesOf(db, auth.orgId, equipmentIds);
  const owner = { ownerKind: 'project' as const, ownerId: project.id };
  const overview = await addPage(db, auth, { ...owner, name: texts.project.overview }, ip);
  const details = await addPage(db, auth, { ...owner, name: texts.project.details }, ip);
  await savePage(
    db,
    auth,
    { id: overview.id, version: overview.version, document: overviewPage(devices, details.id, texts) },
    ip,
    lang,
  );
  await savePage(
    db,
    auth,
    { id: details.id, version: details.version, document: detailsPage(devices, overview.id, texts) },
    ip,
    lang,
  );
  return { projectId: project.id, overviewId: overview.id, detailsId: details.id };
}
