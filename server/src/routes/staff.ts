import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';

// Placeholder: filled in by the staff screen's work.
export function staffRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
