import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { initI18n } from './i18n';
import { App } from './app/App';
import { escapeFrame } from './app/legacy/embed';

// Framed by another page (or by itself), the app sends the top window to
// its own address instead of starting inside the frame.
if (!escapeFrame()) {
  initI18n().then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
