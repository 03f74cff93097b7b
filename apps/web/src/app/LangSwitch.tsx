import { Segmented } from 'antd';
import { useLang } from './useT';
import type { Lang } from '@fieldhub/shared';
import { changeLang } from './i18n';

/** 中文 / English switch; the choice is remembered and sent to the server. */
export function LangSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const lang = useLang();
  return (
    <Segmented<Lang>
      size={size}
      value={lang}
      onChange={(v) => changeLang(v)}
      options={[
        { label: '中文', value: 'zh-CN' },
        { label: 'English', value: 'en-US' },
      ]}
      data-testid="lang-switch"
    />
  );
}
