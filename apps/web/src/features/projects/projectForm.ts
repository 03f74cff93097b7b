import type { ProjectFields } from '@fieldhub/shared';

/**
 * What the project form edits (seq is kept as stored: the list's order sets it). The fixed text
 * is absent while its field is hidden.
 */
export type ProjectFormValues = Omit<ProjectFields, 'seq' | 'errorDefaultVal'> & { errorDefaultVal?: string };

export const newProjectValues: ProjectFormValues = {
  name: '',
  remark: '',
  errorValShow: 'custom',
  errorDefaultVal: '0',
};

/** What an edit keeps of the stored project: its place in the list, and its fixed text while hidden. */
export type KeptFields = Pick<ProjectFields, 'seq' | 'errorDefaultVal'>;

/** The form's values as the add / edit call takes them. */
export function projectFieldsOf(values: ProjectFormValues, kept: KeptFields): ProjectFields {
  return {
    name: values.name.trim(),
    remark: (values.remark ?? '').trim(),
    seq: kept.seq,
    errorValShow: values.errorValShow,
    // the field is hidden while "last value" is chosen: the stored text stays for a switch back
    errorDefaultVal: values.errorDefaultVal?.trim() || kept.errorDefaultVal,
  };
}
