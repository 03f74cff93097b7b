/**
 * The report tables, video, map and weather (docs/requirements/widgets.md §4.8–§4.12). Values of
 * the specification are used as given; where it is silent the choice is marked "seed silent".
 */
import { z } from 'zod';
import { ALARM_DEFAULT_COLUMNS } from '../complexDefaults';
import type { WidgetType } from '../widgetTypes';
import { type WidgetDescriptor, bindingTypeMovedTo, describeWidget } from '../widgetProps';
import { DEFAULT_FONT, flag, font, list, nested, number, numeric, text, textOrNumber } from './propKinds';

/** What both tables share: paging or rolling, the time filter, export. */
const tableData = {
  show: text,
  filterTime: flag,
  exportExcel: flag,
  timeRange: numeric,
  rollTime: numeric,
};
const tableStyle = {
  headerHeight: numeric,
  rowHeight: numeric,
  border: flag,
  pager: flag,
  font,
  opacity: number,
};
const tableStyleDefaults = {
  headerHeight: 46,
  rowHeight: 40,
  border: true,
  pager: true,
  font: DEFAULT_FONT,
  opacity: 1,
};
const center = nested({ enable: flag, zoom: numeric, latitude: numeric, longitude: numeric });
const themeColours = nested({ stroke: text, fill: text });

export const TABLE_MEDIA_DESCRIPTORS = {
  // The seed's "type" is stored as reportType: data.type is the binding type of every widget.
  ComplexHistory: describeWidget(
    'ComplexHistory',
    {
      data: {
        ...tableData,
        reportType: text,
        reportId: textOrNumber,
        customReportId: textOrNumber,
        dimensionType: text,
        customArray: list,
        timeUnit: text,
        interval: numeric,
        format: text,
      },
      style: { ...tableStyle, exportButton: flag, columnsButton: flag },
    },
    {
      data: {
        reportType: 'data',
        reportId: '',
        customReportId: '',
        dimensionType: 'time',
        customArray: [],
        show: 'page',
        filterTime: true,
        exportExcel: true,
        timeRange: 720,
        rollTime: 30,
        timeUnit: 'hour',
        interval: 5,
        format: 'YYYY-MM-DD HH:mm:ss',
      },
      style: { ...tableStyleDefaults, exportButton: true, columnsButton: true },
    },
    [bindingTypeMovedTo('reportType')],
  ),
  ComplexAlarm: describeWidget(
    'ComplexAlarm',
    { data: { ...tableData, equips: list, col: nested({ enable: flag, list }) }, style: tableStyle },
    {
      data: {
        equips: [],
        show: 'page',
        filterTime: true,
        exportExcel: true,
        timeRange: 720,
        rollTime: 30,
        col: { enable: true, list: [...ALARM_DEFAULT_COLUMNS] },
      },
      style: tableStyleDefaults,
    },
  ),
  // The stream URL (HLS .m3u8 or FLV) is what the player plays; EZVIZ fields are stored only.
  ComplexVideo: describeWidget(
    'ComplexVideo',
    {
      data: { url: text, streamType: text, dataAddon: nested({}) },
      style: { fill: text, opacity: number, radius: number },
    },
    {
      data: {
        url: '',
        streamType: 'hls',
        dataAddon: {
          type: 'ezviz',
          PanTilt: false,
          talk: false,
          serialNumber: '',
          channelNumber: 1,
          flvReserve: '',
          hlsReserve: '',
          rtmpReserve: '',
          cameraIndexCode: '',
          onlineAddress: '',
          onlineLoop: false,
          onlineAuto: true,
        },
      },
      style: { fill: '#000000', opacity: 1, radius: 0 },
    },
  ),
  // The tile URL is configurable; empty means no tiles (offline): markers on a plain background.
  // The seed's map "type" is stored as mapType (data.type is the binding type).
  ComplexMap: describeWidget(
    'ComplexMap',
    {
      data: {
        mapType: text,
        equipments: list,
        totalCount: flag,
        equipProportion: flag,
        titleEnable: flag,
        signalEnable: flag,
        tileUrl: text,
      },
      style: {
        theme: text,
        center,
        map: nested({ zoom: numeric, center: list, address: text }),
        fill: text,
        opacity: number,
      },
    },
    {
      data: {
        mapType: 'equip',
        equipments: [],
        totalCount: true,
        equipProportion: true,
        titleEnable: true,
        signalEnable: true,
        tileUrl: '',
      },
      style: {
        theme: 'light',
        center: { enable: false, zoom: 12, latitude: 39.9042, longitude: 116.4074 },
        map: { zoom: 12, center: [116.4074, 39.9042], address: '' },
        fill: '#EEF2F7',
        opacity: 1,
      },
    },
    [bindingTypeMovedTo('mapType')],
  ),
  ComplexWeather: describeWidget(
    'ComplexWeather',
    {
      data: {
        provinceId: textOrNumber,
        cityId: textOrNumber,
        countyId: textOrNumber,
        title: text,
        positionType: text,
        city: text,
        lat: textOrNumber,
        lng: textOrNumber,
      },
      style: {
        mode: text,
        themeColor: text,
        radius: number,
        themes: z
          .looseObject({
            white: themeColours,
            blue: themeColours,
            orange: themeColours,
            yellow: themeColours,
          })
          .optional(),
        opacity: number,
      },
    },
    {
      data: {
        provinceId: '',
        cityId: '',
        countyId: '',
        title: '',
        positionType: 'manual',
        city: '',
        lat: '',
        lng: '',
      },
      style: {
        mode: 'simple',
        themeColor: 'blue',
        radius: 10,
        themes: {
          white: { stroke: '#D9D9D9', fill: '#FFFFFF' },
          blue: { stroke: '#1890FF', fill: '#E6F4FF' },
          orange: { stroke: '#FA8C16', fill: '#FFF7E6' },
          yellow: { stroke: '#FADB14', fill: '#FEFFE6' },
        },
        opacity: 1,
      },
    },
  ),
} as const satisfies { [T in WidgetType]?: WidgetDescriptor<T> };
