import { Form, Input, Radio } from 'antd';
import { useT } from '../../app/useT';
import {
  PROJECT_ERROR_VAL_SHOW,
  PROJECT_ERROR_VALUE_MAX,
  PROJECT_NAME_MAX,
  PROJECT_REMARK_MAX,
} from '@fieldhub/shared';
import type { ProjectFormValues } from './projectForm';

/**
 * The fields of a project (docs/requirements/projects.md §2.1): name, remark, and how its pages show a value
 * that could not be read — a fixed text (errorDefaultVal, '0' by default) or the last value read.
 */
export function ProjectFormFields() {
  const { t } = useT('projects');
  const showFixed = Form.useWatch<ProjectFormValues['errorValShow']>('errorValShow') !== 'last';
  return (
    <>
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[
          { required: true, whitespace: true, message: t('rule.name-required') },
          { max: PROJECT_NAME_MAX, message: t('rule.max', { max: PROJECT_NAME_MAX }) },
        ]}
      >
        <Input maxLength={PROJECT_NAME_MAX} showCount data-testid="project-name" />
      </Form.Item>
      <Form.Item name="remark" label={t('field.remark')}>
        <Input.TextArea maxLength={PROJECT_REMARK_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="errorValShow" label={t('field.error-val-show')} extra={t('info.error-hint')}>
        <Radio.Group
          optionType="button"
          options={PROJECT_ERROR_VAL_SHOW.map((v) => ({ value: v, label: t(`error-val-show.${v}`) }))}
          data-testid="project-error-show"
        />
      </Form.Item>
      {showFixed && (
        <Form.Item
          name="errorDefaultVal"
          label={t('field.error-default-val')}
          rules={[
            { required: true, whitespace: true, message: t('rule.default-required') },
            { max: PROJECT_ERROR_VALUE_MAX, message: t('rule.max', { max: PROJECT_ERROR_VALUE_MAX }) },
          ]}
        >
          <Input
            maxLength={PROJECT_ERROR_VALUE_MAX}
            style={{ width: 200 }}
            data-testid="project-error-default"
          />
        </Form.Item>
      )}
    </>
  );
}
