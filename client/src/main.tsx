import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { Toaster } from './components/ui/toaster';
import { UpdatePrompt } from './app/update-prompt';
import { loadDevice } from './app/device';
import './script-fonts.css';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
    <UpdatePrompt />
  </StrictMode>,
);

// The database and the sync start at once, in a chunk of their own (app/device.ts).
void loadDevice();
