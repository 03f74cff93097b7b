import type { TemplateRow } from '@fieldhub/shared';

export interface LinkedDevice {
  id: number;
  name: string;
  /** the device carries the template's current configuration */
  consistent: boolean;
}

export interface TemplateDetail extends TemplateRow {
  devices: LinkedDevice[];
}
