import { describe, expect, it } from 'vitest';
import { projectFieldsOf } from './projectForm';

describe('projectFieldsOf', () => {
  it('trims the texts and keeps the stored place in the list', () => {
    expect(
      projectFieldsOf(
        { name: ' Water plant ', remark: ' north ', errorValShow: 'custom', errorDefaultVal: ' -- ' },
        { seq: 7, errorDefaultVal: '0' },
      ),
    ).toEqual({
      name: 'Water plant',
      remark: 'north',
      seq: 7,
      errorValShow: 'custom',
      errorDefaultVal: '--',
    });
  });

  it('keeps the stored fixed text while "last value" hides its field', () => {
    const fields = projectFieldsOf(
      { name: 'P', remark: '', errorValShow: 'last' },
      { seq: 0, errorDefaultVal: 'N/A' },
    );
    expect(fields).toMatchObject({ errorValShow: 'last', errorDefaultVal: 'N/A' });
  });
});
