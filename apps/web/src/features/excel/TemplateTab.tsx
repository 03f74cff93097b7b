import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Space, Spin, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { SMART_REPORT_FIELDS_MAX, type SmartReportCell, type SmartReportInfo } from '@fieldhub/shared';
import { useT } from '../../app/useT';
import { CellBindingPanel } from './CellBindingPanel';
import { SheetGrid, type CellMark } from './SheetGrid';
import { useReportActions, useTemplateSheet, useVariableOptions } from './useSmartReports';

/**
 * The template tab (docs/requirements/data-views.md §4.2): upload the .xlsx, see it drawn as a
 * grid, click a cell to bind it to a variable or mark it as a fill field, then save the cells.
 */
export function TemplateTab({ report }: { report: SmartReportInfo }) {
  const { t } = useT('smartReports');
  const hasTemplate = report.fileName !== '';
  const sheet = useTemplateSheet(report.id, hasTemplate);
  const variables = useVariableOptions('');
  const { upload, saveCells } = useReportActions();
  const [cells, setCells] = useState<SmartReportCell[]>(report.cells);
  const [selected, setSelected] = useState<string | undefined>();
  useEffect(() => setCells(report.cells), [report.cells]);
  const dirty = JSON.stringify(cells) !== JSON.stringify(report.cells);

  const marks = useMemo(() => {
    const names = new Map((variables.data ?? []).map((v) => [v.id, v.name]));
    const out: Record<string, CellMark> = {};
    for (const c of cells)
      out[c.cell] =
        c.kind === 'variable'
          ? { tone: 'variable', label: names.get(c.variableId) ?? `#${c.variableId}` }
          : { tone: 'fill', label: c.label };
    return out;
  }, [cells, variables.data]);

  const uploadButton = (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      beforeUpload={(file) => {
        upload.mutate({ id: report.id, file });
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="template-upload">
        {hasTemplate ? t('template.replace') : t('template.upload')}
      </Button>
    </Upload>
  );

  if (!hasTemplate)
    return (
      <Empty description={t('template.none')} data-testid="template-empty">
        {uploadButton}
      </Empty>
    );

  const current = cells.find((c) => c.cell === selected);
  const over = cells.length > SMART_REPORT_FIELDS_MAX;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          {uploadButton}
          <Typography.Text type="secondary">
            {t('template.file', {
              name: report.fileName,
              kb: Math.max(1, Math.round(report.fileSize / 1024)),
            })}
          </Typography.Text>
        </Space>
        <Space wrap>
          <Typography.Text type={over ? 'danger' : 'secondary'} data-testid="template-count">
            {t('template.count', { n: cells.length, max: SMART_REPORT_FIELDS_MAX })}
          </Typography.Text>
          <Button
            type="primary"
            disabled={!dirty || over}
            loading={saveCells.isPending}
            onClick={() => saveCells.mutate({ id: report.id, cells })}
            data-testid="template-save"
          >
            {t('template.save')}
          </Button>
        </Space>
      </Flex>
      <Typography.Text type="secondary">{t('template.help')}</Typography.Text>
      {dirty && <Alert type="info" showIcon title={t('template.unsaved')} />}
      <Flex gap={16} align="flex-start" wrap>
        <div style={{ flex: '1 1 480px', minWidth: 0 }}>
          {sheet.data ? (
            <SheetGrid
              sheet={sheet.data}
              selected={selected}
              onSelect={setSelected}
              marks={marks}
              extraRows={5}
              extraCols={2}
              testId="template-grid"
            />
          ) : (
            <Spin />
          )}
        </div>
        <div style={{ flex: '0 0 320px' }}>
          {selected ? (
            <CellBindingPanel
              key={selected}
              address={selected}
              current={current}
              variables={variables.data ?? []}
              onApply={(cell) =>
                setCells((all) => [...all.filter((c) => c.cell !== selected), ...(cell ? [cell] : [])])
              }
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.pick')} />
          )}
        </div>
      </Flex>
    </Space>
  );
}
