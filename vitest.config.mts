import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    setupFiles: ['tests/unit/setup.ts'],
    // Vitest's default is one worker fewer than the cores: one on CI's 2-core machine, which ran the
    // files one at a time (163 s against 91 s with two). The slow whole-map tests set their own timeouts.
    maxWorkers: '100%',
  },
});
