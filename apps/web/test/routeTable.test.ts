import { describe, expect, it } from 'vitest';
import { allRoutes, pathTo } from '../src/app/routeTable';

const paths = new Set(allRoutes.map((r) => r.fullPath));

describe('route table', () => {
  it.each([
    '/login',
    '/login.jsp',
    '/enroll/:code',
    '/register/:roleuuid',
    '/404',
    '/map',
    '/system/msg/detail/:dataId/:msgType',
    '/style/edit/login/:id',
    '/order/pay/qrcode/:orderId/:payPlatform',
    '/card/recharge/:iccid',
    '/findpwd/validate/question',
    '/client/findpwd/finish',
    '/manage/eg/equipment/edit/:id',
    '/manage/excel/info/scan/:recordId',
    '/manage/account/ext',
    '/monitor/eg/group/configuration/:groupId/:id/:pageId',
    '/monitor/gm/detail/:id/:ruleType/:openType',
    '/monitor/excel/:excelId/page/read/:recordId',
    '/account/security/sms/setup/success/:type',
    '/msg/detail/all/expire/card/:dataId',
    '/manage/project/:projectId/designer/:pageId',
    '/manage/scene/config/:sceneId',
  ])('holds %s', (p) => {
    expect(paths.has(p)).toBe(true);
  });

  it('marks exactly the public routes of seed 000 §2 as public', () => {
    const pub = allRoutes.filter((r) => r.public).map((r) => r.fullPath);
    expect(pub).toContain('/findpwd/account');
    expect(pub).toContain('/map');
    expect(pub).not.toContain('/manage/eg/equipment/list');
    expect(allRoutes.filter((r) => r.fullPath.startsWith('/monitor') && r.public)).toEqual([]);
  });

  it('has no duplicate path', () => {
    expect(paths.size).toBe(allRoutes.length);
  });

  it('builds the named destinations', () => {
    expect(pathTo('MonitorEGDetail', { id: 7, alarm: 1 })).toBe('/monitor/eg/detail/list/7/1');
    expect(pathTo('MonitorEgPageItem', { pageId: 'p1', alarm: 0 })).toBe('/monitor/eg/detail/page/p1/0');
    expect(pathTo('MonitorEGDetailForOrder', { id: 7, orderType: 'repair', orderId: 9 })).toBe(
      '/monitor/eg/detail/list/7/repair/9',
    );
    expect(pathTo('MonitorEgPageForOrderItem', { pageId: 3, orderType: 'inspection', orderId: 4 })).toBe(
      '/monitor/eg/detail/page/3/inspection/4',
    );
    expect(pathTo('gmDetail', { id: 1, ruleType: '00', openType: 'alarm' })).toBe(
      '/monitor/gm/detail/1/00/alarm',
    );
    expect(() => pathTo('MonitorEGDetail', { id: 7 })).toThrow(/alarm/);
  });
});
