/** A template as /lfscada/template/queryForManage, query and detail return it. */
export interface TemplateRow {
  id: number;
  name: string;
  series: string;
  type: 'public' | 'private';
  remark: string;
  ownerLoginname: string | null;
  configVersion: number;
  /** devices bound to the template */
  deviceCount: number;
  /** bound devices whose configuration differs from the template's */
  mismatchCount: number;
  variableCount: number;
  createdAt: string;
}

export interface LinkedDevice {
  id: number;
  name: string;
  /** the device carries the template's current configuration */
  consistent: boolean;
}

export interface TemplateDetail extends TemplateRow {
  devices: LinkedDevice[];
}
