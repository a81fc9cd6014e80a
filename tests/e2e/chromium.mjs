// SPDX-License-Identifier: Apache-2.0
// Debian's Chromium as the e2e tests and the benchmarks launch it (playwright-core, no downloaded browser):
// headless, no sandbox (the tests run as root), nothing phoning home.
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
