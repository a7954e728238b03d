import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium against the real binary (built by
// `make build` with this app embedded) serving a fresh SQLite demo company.
const port = Number(process.env.ARTEL_E2E_PORT ?? 8391);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf .e2e-data && ../bin/artel serve --demo --listen 127.0.0.1:${port} --data .e2e-data`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 60_000,
    env: { ARTEL_ADMIN_EMAIL: 'admin@example.com', ARTEL_ADMIN_PASSWORD: 'correct horse battery' },
  },
});
