/**
 * The page designer (docs/requirements/pages-and-designer.md §1.1), full screen under
 * /manage/eg/:equipId/designer/:pageId and the project and template variants: loads the page
 * (`configuration/page/info`) and the designer settings, then opens the editor.
 */
import { useParams, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useLang, useT } from '../../app/useT';
import { DEFAULT_DESIGNER_SETTINGS } from '@fieldhub/hmi';
import { ApiError } from '../../app/request';
import { loadPage, PageContentError } from '../../app/pages/pageApi';
import { EquipmentScope } from '../../app/signals/useSignals';
import { loadSettings } from './data/designerSettings';
import { DesignerEditor, type PageOwner } from './DesignerEditor';
import './designer.css';

export default function DesignerPage() {
  const { t } = useT('designer');
  const lang = useLang();
  const navigate = useNavigate();
  const { pageId = '', equipId, projectId, templateId } = useParams();
  const owner: PageOwner = equipId
    ? { kind: 'equipment', id: equipId }
    : projectId
      ? { kind: 'project', id: projectId }
      : { kind: 'template', id: templateId ?? '' };
  const page = useQuery({
    queryKey: ['designer', 'page', pageId],
    queryFn: () => loadPage(pageId),
    gcTime: 0,
  });
  const settings = useQuery({ queryKey: ['designer', 'settings'], queryFn: loadSettings, gcTime: 0 });
  if (page.isLoading || settings.isLoading) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }} data-testid="designer-loading">
        <Spin size="large" />
      </div>
    );
  }
  const foreign = page.data && (page.data.ownerKind !== owner.kind || page.data.ownerId !== owner.id);
  if (page.isError || !page.data || foreign) {
    const e = page.error;
    const detail =
      e instanceof PageContentError
        ? e.issues.map((i) => (lang === 'en-US' ? i.en : i.zh)).join('; ')
        : e instanceof ApiError
          ? e.message
          : foreign
            ? t('open.other-owner')
            : '';
    return (
      <Result
        status="warning"
        title={t('open.failed')}
        subTitle={<span data-testid="designer-open-error">{detail}</span>}
        extra={<Button onClick={() => navigate(-1)}>{t('open.back')}</Button>}
      />
    );
  }
  // a project's designer binds only the project's devices (docs/requirements/pages-and-designer.md §6.3)
  return (
    <EquipmentScope value={owner.kind === 'project' ? owner.id : undefined}>
      <DesignerEditor
        key={page.data.id}
        page={page.data}
        owner={owner}
        settings={settings.data ?? DEFAULT_DESIGNER_SETTINGS}
      />
    </EquipmentScope>
  );
}
