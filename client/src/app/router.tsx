import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

/** The app's router over its routes (routes.tsx, apart so that a test can read them without a browser). */
export const router = createBrowserRouter(routes);
