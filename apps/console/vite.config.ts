// The console is built into dist/ (served by the gateway's console plugin at /): one small entry
// chunk, a chunk per page (lazy routes) and the shared libraries in chunks of their own, so a
// page loads only what it uses (the console's words: i18next in a chunk of its own, English in the
// entry, another language's catalogue loaded when chosen). `pnpm dev` proxies the API to a server on 127.0.0.1:8080.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (id.includes('@fullcalendar') || id.includes('luxon')) return 'calendar';
          if (id.includes('@mantine/dropzone') || id.includes('react-dropzone')) return 'dropzone';
          if (id.includes('@mantine')) return 'mantine';
          if (/node_modules\/\.pnpm\/(i18next|react-i18next)@/.test(id)) return 'i18n';
          if (/node_modules\/\.pnpm\/(react|react-dom|scheduler|react-router)@/.test(id)) return 'react';
          if (id.includes('zod') || id.includes('libs/contracts') || id.includes('libs/client')) return 'api';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
