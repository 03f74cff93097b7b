import { Button, Segmented } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useLang } from './useT';
import type { Lang } from '@fieldhub/shared';
import { changeLang } from './i18n';

/** Each language named in itself. */
const selfNames: Record<Lang, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/**
 * 中文 / English switch; the choice is remembered and sent to the server. `toggle` is the narrow
 * form of the top bar (client-rules.md §5.1: the main menu must fit): one button naming the other
 * language.
 */
export function LangSwitch({
  size = 'small',
  toggle = false,
}: {
  size?: 'small' | 'middle';
  toggle?: boolean;
}) {
  const lang = useLang();
  if (toggle) {
    const other: Lang = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
    return (
      <Button
        size={size}
        type="text"
        icon={<GlobalOutlined />}
        onClick={() => changeLang(other)}
        lang={other}
        style={{ color: 'rgba(255, 255, 255, 0.85)' }}
        data-testid="lang-switch"
      >
        {selfNames[other]}
      </Button>
    );
  }
  return (
    <Segmented<Lang>
      size={size}
      value={lang}
      onChange={(v) => changeLang(v)}
      options={(['zh-CN', 'en-US'] as const).map((value) => ({ label: selfNames[value], value }))}
      data-testid="lang-switch"
    />
  );
}
