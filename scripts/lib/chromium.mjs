// Debian's Chromium with the house flags (CONVENTIONS.md), never a downloaded browser: the one set of
// launch options for the e2e suite (playwright.config.ts), the frontend benchmarks (e2e/bench) and the
// resilience suite's browser checks.
export const CHROMIUM_LAUNCH = Object.freeze({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
