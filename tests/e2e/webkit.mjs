// SPDX-License-Identifier: Apache-2.0
// WebKitGTK for the end-to-end tests (engines.mjs): Debian's WebKitWebDriver driving its MiniBrowser
// under xvfb-run, over the plain W3C WebDriver endpoints. MiniBrowser needs a
// display (with --headless the session does not start), and the driver offers no BiDi and no console
// log: errors are caught by a script the page loads first (engines.mjs).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the driver and one MiniBrowser session. Returns { version, goto(url), evaluate(body, ...args), close() };
 * `evaluate` runs a function body (`return ...`) in the page, as W3C Execute Script does.
 */
export async function launchWebKit() {
  for (const file of [WEBKIT_DRIVER, MINIBROWSER, '/usr/bin/xvfb-run']) {
    if (!existsSync(file))
      throw new Error(`${file} is missing (bash scripts/setup.sh test installs webkit2gtk-driver and xvfb)`);
  }
  const port = await freePort();
  // Its own process group, so close() ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  const driver = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  let exited = false;
  driver.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(url + path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const { value } = await response.json();
    if (value?.error)
      throw new Error(
        `WebKitWebDriver ${method} ${path.replace(/^\/session\/[^/]+/, '')}: ${value.error}: ${value.message}`,
      );
    return value;
  };
  const stop = () => {
    if (!exited)
      try {
        process.kill(-driver.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
  };
  try {
    for (let waited = 0; ; waited += 100) {
      if (exited) throw new Error('WebKitWebDriver exited at start');
      if (
        await call('GET', '/status').then(
          (v) => v.ready,
          () => false,
        )
      )
        break;
      if (waited > 20_000) throw new Error('WebKitWebDriver did not answer within 20 s');
      await sleep(100);
    }
    const session = await call('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        },
      },
    });
    const at = `/session/${session.sessionId}`;
    await call('POST', `${at}/timeouts`, { pageLoad: 60_000, script: 30_000 });
    // a hint only: the window manager-less Xvfb may ignore it
    await call('POST', `${at}/window/rect`, { width: 1280, height: 900 }).catch(() => {});
    return {
      version: `WebKitGTK ${session.capabilities.browserVersion}`,
      goto: (page) => call('POST', `${at}/url`, { url: page }),
      evaluate: (body, ...args) => call('POST', `${at}/execute/sync`, { script: body, args }),
      close: async () => {
        await call('DELETE', at).catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
