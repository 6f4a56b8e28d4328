import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { Toaster } from './components/ui/toaster';
import { ConfirmHost } from './components/ui/confirm-host';
import { UpdatePrompt } from './app/update-prompt';
import { loadDevice } from './lib/device';
import { useSession } from './session/session-store';
import './script-fonts.css';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
    <ConfirmHost />
    <UpdatePrompt />
  </StrictMode>,
);

// The database and the sync start, in a chunk of their own (lib/device.ts), as soon as there is a
// session: at once on a device in use, at the login otherwise (here or in another tab). The login
// page needs none of it, and on a slow phone its 0.4 s of script held the page up (issue 25).
const startDeviceWithSession = () => {
  if (useSession.getState().token) void loadDevice();
};
startDeviceWithSession();
useSession.subscribe(startDeviceWithSession);
