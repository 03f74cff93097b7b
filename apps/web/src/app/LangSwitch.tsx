import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@fieldhub/shared';
import { changeLang, currentLang } from './i18n';

/** 中文 / English switch; the choice is remembered and sent to the server. */
export function LangSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  useTranslation();
  return (
    <Segmented<Lang>
      size={size}
      value={currentLang()}
      onChange={(v) => changeLang(v)}
      options={[
        { label: '中文', value: 'zh-CN' },
        { label: 'English', value: 'en-US' },
      ]}
      data-testid="lang-switch"
    />
  );
}
