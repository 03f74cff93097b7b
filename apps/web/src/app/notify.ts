import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The toast API of the antd App context, registered once by the app shell so code outside
 * React (the request client) shows toasts in the current theme and language.
 */
let api: MessageInstance | null = null;

export function registerToasts(instance: MessageInstance): void {
  api = instance;
}

export function toastError(text: string): void {
  void api?.error(text);
}

export function toastSuccess(text: string): void {
  void api?.success(text);
}
