/** The tabs of a project's management drawer, in their order. */
export const PROJECT_TABS = ['info', 'pages', 'equipment', 'accounts', 'share', 'mvars'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The tab named in the address, else the first one. */
export function projectTabOf(value: string | null): ProjectTab {
  return (PROJECT_TABS as readonly string[]).includes(value ?? '') ? (value as ProjectTab) : 'info';
}

/** A positive whole project id from the address, else undefined. */
export function projectIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
