import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API (Koa + Socket.IO) listens on :3000; the dev and preview servers forward to it. */
const API_TARGET = process.env.AURA_API_URL ?? 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // long-lived vendor chunks for what every page loads, so a deploy of app code does not
        // bust the libraries' cache; everything else (Chakra's components, zod, formik, charts…)
        // is split by the bundler along the pages that use it, so the first page carries only
        // what it shows
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
            {
              name: 'realtime',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|debug|ms|xmlhttprequest-ssl)[\\/]/,
              priority: 30,
            },
            // the rest of what the first screen of any page needs, in one file instead of dozens
            { name: 'shell', tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
});
