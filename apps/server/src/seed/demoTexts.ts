import type { Lang } from '@fieldhub/shared';

/** The demo plant's variables (identifiers, the same in both languages: formulas name them). */
export type DemoVariable =
  | 'tank_level'
  | 'pump_run'
  | 'level_setpoint'
  | 'flow'
  | 'temp_out'
  | 'temp_in'
  | 'pressure'
  | 'state'
  | 'energy'
  | 'power'
  | 'power_hourly_avg';

/**
 * Every text of the demo enterprise a person reads: names of the organisation, groups, devices,
 * roles, states and alarms, and the texts of the demo project's pages. The demo is made once, in
 * the language of DEMO_LANG (README), so a Chinese installation starts with Chinese data.
 */
export interface DemoTexts {
  platform: string;
  enterprise: string;
  contact: string;
  department: string;
  roles: { operator: string; viewer: string };
  groups: { plant: string; water: string; boiler: string };
  devices: { tank: string; boiler: string; meter: string };
  manufacturer: string;
  driver: string;
  report: string;
  states: { stopped: string; running: string; idle: string; commissioning: string };
  alarms: { tankLevel: string; boilerTemp: string; power: string };
  /** labels of the variables on the demo pages */
  variables: Record<DemoVariable, string>;
  project: {
    name: string;
    remark: string;
    overview: string;
    details: string;
    heading: string;
    setpoint: string;
    writeSetpoint: string;
    toDetails: string;
    toOverview: string;
  };
}

export const demoTexts: Record<Lang, DemoTexts> = {
  'zh-CN': {
    platform: '平台运营',
    enterprise: '演示企业',
    contact: '演示',
    department: '生产部',
    roles: { operator: '操作员', viewer: '查看员' },
    groups: { plant: 'A厂区', water: '水处理', boiler: '锅炉房' },
    devices: { tank: '原水罐', boiler: '1号锅炉', meter: '电能表' },
    manufacturer: 'FieldHub 演示',
    driver: '厂区PLC',
    report: '小时报表',
    states: { stopped: '停止', running: '运行', idle: '待机', commissioning: '调试' },
    alarms: { tankLevel: '原水罐液位过高', boilerTemp: '锅炉出水温度过高', power: '用电功率过高' },
    variables: {
      tank_level: '液位',
      pump_run: '水泵',
      level_setpoint: '液位设定值',
      flow: '流量',
      temp_out: '出水温度',
      temp_in: '回水温度',
      pressure: '压力',
      state: '运行状态',
      energy: '电能',
      power: '功率',
      power_hourly_avg: '小时平均功率',
    },
    project: {
      name: '演示工厂',
      remark: '演示项目',
      overview: '总览',
      details: '详情',
      heading: '演示工厂 – 总览',
      setpoint: '设定值',
      writeSetpoint: '液位设为 6 m',
      toDetails: '详情 →',
      toOverview: '← 总览',
    },
  },
  'en-US': {
    platform: 'Platform',
    enterprise: 'Demo Enterprise',
    contact: 'Demo',
    department: 'Production',
    roles: { operator: 'Operator', viewer: 'Viewer' },
    groups: { plant: 'Plant A', water: 'Water treatment', boiler: 'Boiler house' },
    devices: { tank: 'Raw water tank', boiler: 'Boiler 1', meter: 'Energy meter' },
    manufacturer: 'FieldHub demo',
    driver: 'Plant PLC',
    report: 'Hourly',
    states: { stopped: 'Stopped', running: 'Running', idle: 'Idle', commissioning: 'Commissioning' },
    alarms: {
      tankLevel: 'Raw water tank level high',
      boilerTemp: 'Boiler outlet temperature high',
      power: 'Power demand high',
    },
    variables: {
      tank_level: 'Tank level',
      pump_run: 'Pump',
      level_setpoint: 'Level set point',
      flow: 'Flow',
      temp_out: 'Outlet temperature',
      temp_in: 'Inlet temperature',
      pressure: 'Pressure',
      state: 'State',
      energy: 'Energy',
      power: 'Power',
      power_hourly_avg: 'Hourly average power',
    },
    project: {
      name: 'Demo plant',
      remark: 'Demo project',
      overview: 'Overview',
      details: 'Details',
      heading: 'Demo plant – overview',
      setpoint: 'Set point',
      writeSetpoint: 'Set level to 6 m',
      toDetails: 'Details →',
      toOverview: '← Overview',
    },
  },
};
