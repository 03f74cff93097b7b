import type { SecurityScene } from '@fieldhub/shared';

/**
 * What one verify-then-change flow carries from step to step (docs/requirements/account-security.md
 * §1.3, §3.1): the thing being changed, the ticket of the passed check and, in password retrieval,
 * the account's name. Kept in the tab's sessionStorage so a reload stays in the flow.
 */
export type SetupTarget = 'password' | 'tel' | 'email' | 'question';
export const SETUP_TARGETS: readonly SetupTarget[] = ['password', 'tel', 'email', 'question'];

export interface FlowState {
  scene: SecurityScene;
  target?: SetupTarget;
  loginname?: string;
  ticket?: string;
}

const key = (scene: SecurityScene) => `fieldhub.security.${scene}`;

export function readFlow(scene: SecurityScene): FlowState {
  try {
    const raw = sessionStorage.getItem(key(scene));
    return raw ? { ...(JSON.parse(raw) as FlowState), scene } : { scene };
  } catch {
    return { scene };
  }
}

export function writeFlow(state: FlowState): void {
  sessionStorage.setItem(key(state.scene), JSON.stringify(state));
}

export function clearFlow(scene: SecurityScene): void {
  sessionStorage.removeItem(key(scene));
}

/** The security centre's setup routes all live under this path. */
export const SETUP = '/account/security/sms/setup';

export const isSetupTarget = (v: string | null | undefined): v is SetupTarget =>
  SETUP_TARGETS.includes(v as SetupTarget);
