import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';

// Placeholder: filled in by the customers screen's work.
export function customerRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
