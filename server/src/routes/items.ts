import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';

// Placeholder: filled in by the items screen's work.
export function itemRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
