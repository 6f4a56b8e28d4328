import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';

// Placeholder: filled in by the company screen's work.
export function companyRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
