import { z } from 'zod';
import { maxConnections } from './http/connection-limits';

// Environment is parsed once at start; a bad value stops the server with a clear message.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DB_FILE: z.string().default('./data/garage.sqlite'),
  // PostgreSQL for a chain of garages (issue 46; README, 'Running a chain on PostgreSQL'): when set,
  // DB_FILE is not used.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  TLS_CERT: z.string().optional(),
  // The reverse proxy's addresses, separated by commas (http/client-address.ts): requests through it are
  // counted by the address it forwards, not its own.
  TRUSTED_PROXY: z.string().optional(),
  TLS_KEY: z.string().optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  // Poke streams one user may hold, and the server in all (sync/poke-stream.ts). The bench's
  // many-devices run raises them: its 200 streams belong to one Admin.
  POKE_STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
  POKE_STREAMS_TOTAL: z.coerce.number().int().positive().default(300),
  // Sockets the server holds at once (http/connection-limits.ts), under the usual 1,024 open files.
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(maxConnections),
});

export type ServerConfig = z.infer<typeof envSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Bad environment: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  if (!!parsed.data.TLS_CERT !== !!parsed.data.TLS_KEY) throw new Error('TLS_CERT and TLS_KEY go together.');
  return parsed.data;
}
