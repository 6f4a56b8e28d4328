import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * What the built PWA may load (issue 24, 14): its own scripts only (no inline script, no eval; the
 * PDF worker may compile its own WebAssembly, HarfBuzz, which shapes Sinhala and Tamil: 'wasm-unsafe-eval'
 * allows that and nothing else),
 * its own styles plus inline style attributes (React's `style` props and the print layouts),
 * images from itself and data:/blob: (a logo chosen on the form is a data URL until saved), the PDF worker from itself,
 * requests and the poke stream to itself only, and no page may frame it.
 */
export const appContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

// Every answer: not sniffed, never framed, no Referer sent on. No HSTS: a shop runs plain HTTP or a
// self-signed certificate, and HSTS would leave a tablet no way past a changed certificate.
const common = { strictTransportSecurity: false, xFrameOptions: 'DENY', referrerPolicy: 'no-referrer' } as const;
const appHeaders = secureHeaders({ ...common, contentSecurityPolicy: appContentSecurityPolicy });
// API answers are data, not pages: no CSP, which would only get in the way of the stock report's
// PDF opening in the browser's own viewer.
const apiHeaders = secureHeaders(common);

/** The browser protections of every answer (the app's Content-Security-Policy on the app's files). */
export const securityHeaders: MiddlewareHandler = (c, next) => (c.req.path.startsWith('/api/') ? apiHeaders(c, next) : appHeaders(c, next));

/**
 * API answers carry customers, sales and sessions: no browser or proxy cache keeps them
 * (a route that says otherwise, e.g. the report's PDF, keeps its own).
 */
export const noStoreForApi: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
