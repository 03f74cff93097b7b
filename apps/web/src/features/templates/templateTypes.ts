import type { CallOutput, templatesCalls } from '@fieldhub/shared';

/** A template with the devices bound to it, as the detail call answers it. */
export type TemplateDetail = CallOutput<typeof templatesCalls.detail>;

/** A device bound to the template; `consistent`: it carries the template's current configuration. */
export type LinkedDevice = TemplateDetail['devices'][number];
