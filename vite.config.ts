import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.API_PORT ?? '8787';

const fromRoot = (folder: string) => fileURLToPath(new URL(folder, import.meta.url));
/**
 * tsconfig.json's `paths`, for Vite (the app and its web workers) and vitest (vitest.config.ts takes
 * this list): when to use which, docs/architecture.md, "Imports and aliases". Patterns, so `@/` never
 * matches the start of `@shared/` or of a package's scope.
 */
export const alias = [
  { find: /^@\//, replacement: fromRoot('./client/src/') },
  { find: /^@server\//, replacement: fromRoot('./server/src/') },
  { find: /^@shared\//, replacement: fromRoot('./shared/') },
];

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  resolve: { alias },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // No source maps: the server would hand the app's whole source to anyone who asks (issue 24, 14).
    sourcemap: false,
  },
  // Workers as ES modules, so a worker's import() (jsPDF for the reports' PDFs) stays a chunk of its
  // own, loaded when asked for, instead of everything jsPDF could use being inlined into the worker.
  worker: { format: 'es' },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  plugins: [
    react(),
    VitePWA({
      // Never reload by itself: a half-filled form would be lost. The app shows a prompt instead.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.png', 'favicon.svg'],
      manifest: {
        name: 'Garage Suite: Auto-Service Back Office',
        short_name: 'Garage Suite',
        description: 'Customers, job cards, sales, inventory and reports for a vehicle garage, online or offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f6fa',
        theme_color: '#1f3a68',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every lazily loaded chunk: a cold start offline works on any route.
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,ttf,wasm,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // The company's logo, named by path in its record (a path never changes its bytes): kept for
        // printing offline. The app fills the same cache as soon as it learns a new path
        // (client/src/lib/keep-logo-offline.ts, whose logoCacheName this must match).
        runtimeCaching: [
          {
            urlPattern: /\/api\/company\/logo\/[A-Za-z0-9-]+$/,
            handler: 'CacheFirst',
            options: { cacheName: 'company-logos', expiration: { maxEntries: 4 } },
          },
        ],
        // A new device's first visit is controlled as soon as the worker is installed, so a screen
        // opened after the Wi-Fi goes, in that same visit, still loads from the precache. An update
        // still waits for the user's 'Reload' (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
      },
    }),
  ],
});
