import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { Toaster } from './components/ui/toaster';
import { UpdatePrompt } from './app/update-prompt';
import { startSync } from './sync/start-sync';
import { db } from './db/instance';
import { warmSearchIndexesWhenIdle } from './lib/warm-search-indexes';
import './styles.css';

startSync(db);
warmSearchIndexesWhenIdle(db);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
    <UpdatePrompt />
  </StrictMode>,
);
