import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Result, Spin, Tabs } from 'antd';
import { PageFrame } from '../../app/components/PageFrame';
import { useT } from '../../app/useT';
import { ReportInfoForm } from './ReportInfoForm';
import { TemplateTab } from './TemplateTab';
import { useReportInfo } from './useSmartReports';

type Tab = 'info' | 'template';

/**
 * /manage/excel/add and /manage/excel/edit/{id} (docs/requirements/data-views.md §4.1, §4.2): the
 * report's settings (tab info) and its template (tab template: upload the workbook, then click
 * cells to bind them to variables or mark them as fields people fill). A new report is saved
 * first; its template tab opens after.
 */
export default function ExcelEditPage() {
  const { t } = useT('smartReports');
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const [params, setParams] = useSearchParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : undefined;
  const info = useReportInfo(id);
  const tab: Tab = params.get('tab') === 'template' && id !== undefined ? 'template' : 'info';

  if (idParam !== undefined && id === undefined) return <Result status="404" title={t('not-found')} />;
  if (id !== undefined && info.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (id !== undefined && !info.data) return <Result status="404" title={t('not-found')} />;

  return (
    <PageFrame title={info.data ? info.data.name : t('add')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          {
            key: 'info',
            label: t('tab.info'),
            children: (
              <ReportInfoForm
                report={info.data}
                onSaved={(savedId) => {
                  if (id === undefined)
                    void navigate(`/manage/excel/edit/${savedId}?tab=template`, { replace: true });
                }}
              />
            ),
          },
          {
            key: 'template',
            label: t('tab.template'),
            disabled: id === undefined,
            children: info.data ? <TemplateTab report={info.data} /> : null,
          },
        ]}
      />
    </PageFrame>
  );
}
