import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { App } from './app/App';
import { AnnouncerProvider } from './common/Announcer/Announcer';
import { applyTheme, storedTheme } from './common/theme';
import './styles.css';

// Before the first render, so a chosen scheme shows from the first paint.
applyTheme(storedTheme());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AnnouncerProvider>
        <App />
      </AnnouncerProvider>
    </QueryClientProvider>
  </StrictMode>,
);
