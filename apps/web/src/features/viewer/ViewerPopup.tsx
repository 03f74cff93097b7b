/**
 * The popup of a click event (docs/requirements/pages-and-designer.md §8.2, §8.4): a box of the click's
 * size at its position (or centred) over the viewer, with a title bar (the page's title or the
 * address when `titleShow`) and a close button. A page is drawn in place, live, by `renderPage` (no
 * second console in a frame); a web address is shown in a sandboxed frame (popupSandbox).
 */
import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { popupSandbox, type PopupPlan, type ViewerScope } from './pageView';

export function ViewerPopup({
  popup,
  onClose,
  renderPage,
}: {
  popup: PopupPlan;
  onClose(): void;
  renderPage(scope: ViewerScope, pageId: string): ReactNode;
}) {
  const { t } = useT('viewer');
  const width = Math.min(popup.width, window.innerWidth);
  const height = Math.min(popup.height, window.innerHeight);
  const left = popup.centered ? Math.max(0, (window.innerWidth - width) / 2) : popup.left;
  const top = popup.centered ? Math.max(0, (window.innerHeight - height) / 2) : popup.top;
  const { content } = popup;
  return (
    <div
      className="fh-v-popup"
      data-testid="viewer-popup"
      role="dialog"
      aria-label={popup.titleShow && popup.title ? popup.title : t('popup.title')}
      style={{ left, top, width, height }}
    >
      <div className="fh-v-popup-bar">
        <Typography.Text strong ellipsis data-testid="viewer-popup-title">
          {popup.titleShow ? popup.title : ''}
        </Typography.Text>
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('popup.close')}
          data-testid="viewer-popup-close"
          onClick={onClose}
        />
      </div>
      {content.kind === 'page' ? (
        <div className="fh-v-popup-body">{renderPage(content.scope, content.pageId)}</div>
      ) : (
        <iframe
          src={content.src}
          title={popup.title || t('popup.title')}
          sandbox={popupSandbox(content.src, window.location.href)}
        />
      )}
    </div>
  );
}
