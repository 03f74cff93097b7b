import { Checkbox, Empty, Radio, Table, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { PAGE_PMSN_LEVELS, PAGE_PMSN_MAX, type PagePmsn, type PageRow } from '@fieldhub/shared';
import { setPagePmsn } from './pagePmsn';

/**
 * Which pages of the project an account may open, and whether it may also write values through
 * them. A page on which `adding` more accounts would pass the per-page maximum is not offered.
 */
export function PagePmsnEditor({
  pages,
  holders,
  adding,
  value = [],
  onChange,
}: {
  pages: PageRow[];
  holders: ReadonlyMap<number, number>;
  /** how many accounts get these permissions */
  adding: number;
  value?: PagePmsn[];
  onChange?: (next: PagePmsn[]) => void;
}) {
  const { t } = useT('projects');
  const order = pages.map((p) => p.id);
  const levelOf = new Map(value.map((p) => [p.pageId, p.pmsn]));
  const set = (pageId: number, level: PagePmsn['pmsn'] | null) =>
    onChange?.(setPagePmsn(value, order, pageId, level));
  if (pages.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pmsn.no-pages')} />;
  return (
    <Table<PageRow>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ y: 280 }}
      dataSource={pages}
      data-testid="pmsn-pages"
      columns={[
        {
          title: t('pmsn.page'),
          dataIndex: 'name',
          render: (name: string, page) => {
            const held = holders.get(page.id) ?? 0;
            const full = !levelOf.has(page.id) && held + Math.max(adding, 1) > PAGE_PMSN_MAX;
            return (
              <Tooltip title={full ? t('pmsn.page-full', { max: PAGE_PMSN_MAX }) : undefined}>
                <Checkbox
                  checked={levelOf.has(page.id)}
                  disabled={full}
                  onChange={(e) => set(page.id, e.target.checked ? 'view' : null)}
                  data-testid={`pmsn-page-${page.id}`}
                >
                  {name} {page.checkpwd && <LockOutlined />}
                </Checkbox>
              </Tooltip>
            );
          },
        },
        {
          title: t('pmsn.holders'),
          width: 110,
          align: 'right',
          render: (_, page) => {
            const n = (holders.get(page.id) ?? 0) + (levelOf.has(page.id) ? Math.max(adding, 1) : 0);
            return (
              <Typography.Text type={n >= PAGE_PMSN_MAX ? 'warning' : 'secondary'}>
                {n}/{PAGE_PMSN_MAX}
              </Typography.Text>
            );
          },
        },
        {
          title: t('pmsn.level'),
          width: 200,
          render: (_, page) => {
            const level = levelOf.get(page.id);
            return level ? (
              <Radio.Group
                size="small"
                optionType="button"
                value={level}
                onChange={(e) => set(page.id, e.target.value as PagePmsn['pmsn'])}
                options={PAGE_PMSN_LEVELS.map((l) => ({ value: l, label: t(`pmsn.levels.${l}`) }))}
                data-testid={`pmsn-level-${page.id}`}
              />
            ) : (
              <Tag bordered={false}>{t('pmsn.none')}</Tag>
            );
          },
        },
      ]}
    />
  );
}
