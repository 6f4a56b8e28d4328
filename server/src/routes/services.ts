import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';

// Placeholder: filled in by the services screen's work.
export function serviceRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
