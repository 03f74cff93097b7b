import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API and sockets are proxied to a running server (npm start).
const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/lfscada': { target: api, ws: true, changeOrigin: false },
      '/userimg': { target: api, changeOrigin: false },
    },
  },
  build: {
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (id.includes('node_modules/node-forge')) return 'forge';
          if (
            id.includes('node_modules/antd') ||
            id.includes('node_modules/@ant-design') ||
            id.includes('node_modules/rc-')
          )
            return 'antd';
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) return 'react';
          return undefined;
        },
      },
    },
  },
});
