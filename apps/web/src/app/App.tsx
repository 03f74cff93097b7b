import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLang } from './useT';
import { registerToasts } from './notify';
import { queryClient } from './queryClient';
import type { AppRouter } from './router';
import { useTheme } from './theme';
import { currentLang } from './i18n';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => registerToasts(message), [message]);
  return null;
}

/** Keeps the page title and favicon on the loaded theme. */
function ThemeTitle() {
  const theme = useTheme(currentLang());
  useEffect(() => {
    if (theme.data?.title) document.title = theme.data.title;
  }, [theme.data]);
  return null;
}

/**
 * Whether the system asks for less motion: antd's opening, closing and wave animations are then
 * left out (the page widgets' own animations stay: they show the plant's state).
 */
const reducedMotion =
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function App({ router }: { router: AppRouter }) {
  const lang = useLang();
  useEffect(() => {
    dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  }, [lang]);
  return (
    <ConfigProvider
      locale={lang === 'zh-CN' ? zhCN : enUS}
      theme={{ token: { colorPrimary: '#0b5cad', borderRadius: 4, motion: !reducedMotion } }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <ToastBridge />
          <ThemeTitle />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
