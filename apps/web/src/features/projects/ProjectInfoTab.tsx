import { Button, Descriptions, Form, Skeleton } from 'antd';
import { useT } from '../../app/useT';
import type { ProjectInfo } from '@fieldhub/shared';
import { ProjectFormFields } from './ProjectFields';
import { projectFieldsOf, type ProjectFormValues } from './projectForm';
import { useProjectActions, useProjectInfo } from './useProjects';

/**
 * The project's own fields (docs/requirements/projects.md §2.1: errorValShow, errorDefaultVal) and its
 * figures.
 */
export function ProjectInfoTab({ projectId }: { projectId: number }) {
  const info = useProjectInfo(projectId);
  if (!info.data) return <Skeleton active />;
  return <InfoForm key={info.data.id} info={info.data} />;
}

function InfoForm({ info }: { info: ProjectInfo }) {
  const { t } = useT('projects');
  const [form] = Form.useForm<ProjectFormValues>();
  const { save } = useProjectActions();
  return (
    <div style={{ maxWidth: 640 }}>
      <Descriptions
        size="small"
        column={3}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'pages', label: t('field.pages'), children: info.pageCount },
          { key: 'equipment', label: t('field.equipment'), children: info.equipCount },
          {
            key: 'expires',
            label: t('field.expires'),
            children: info.expiresAt === null ? '—' : new Date(info.expiresAt).toLocaleDateString(),
          },
        ]}
      />
      <Form<ProjectFormValues>
        form={form}
        layout="vertical"
        initialValues={info}
        onFinish={(values) => save.mutate({ id: info.id, fields: projectFieldsOf(values, info) })}
        data-testid="project-info-form"
      >
        <ProjectFormFields />
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="project-info-save">
          {t('common:save')}
        </Button>
      </Form>
    </div>
  );
}
