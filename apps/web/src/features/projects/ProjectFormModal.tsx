import { Form } from 'antd';
import { useT } from '../../app/useT';
import type { ProjectRow } from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import type { RowDialogProps } from '../../app/useDialog';
import { ProjectFormFields } from './ProjectFields';
import { newProjectValues, projectFieldsOf, type ProjectFormValues } from './projectForm';
import { useProjectActions } from './useProjects';

/** Adds a project (at the end of the list) or edits one's fields. */
export function ProjectFormModal({
  open,
  row,
  onClose,
  nextSeq,
}: RowDialogProps<ProjectRow> & { nextSeq: number }) {
  const { t } = useT('projects');
  const [form] = Form.useForm<ProjectFormValues>();
  const { save } = useProjectActions();
  return (
    <FormModal<ProjectFormValues>
      open={open}
      title={row ? t('edit-title', { name: row.name }) : t('add-title')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      testId="project-form"
      initialValues={row ?? newProjectValues}
      onFinish={(values) =>
        save.mutate(
          { id: row?.id, fields: projectFieldsOf(values, row ?? { seq: nextSeq, errorDefaultVal: '0' }) },
          { onSuccess: onClose },
        )
      }
    >
      <ProjectFormFields />
    </FormModal>
  );
}
