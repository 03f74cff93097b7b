import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { MessageBell } from './features/messages/MessageBell';
import { screens } from './screens';

// the composition root: app/ is the shell the features share; the features' screens and the
// header's message bell are put into it here
const router = createAppRouter({ screens, headerTools: <MessageBell /> });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
