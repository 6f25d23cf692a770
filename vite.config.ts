import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = path.dirname(fileURLToPath(import.meta.url));
const server = "http://localhost:5000";

export default defineConfig({
  root,
  // Static files (favicon, the pre-paint theme script) ship with the client sources.
  publicDir: path.join(root, "src/client/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@contract": path.join(root, "src/contract"),
      "@": path.join(root, "src/client"),
    },
  },
  build: {
    outDir: path.join(root, "dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React changes rarely: its own long-cached chunk, loaded by every page.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: server, changeOrigin: false },
      "/__sandbox": { target: server, changeOrigin: false },
    },
  },
});
