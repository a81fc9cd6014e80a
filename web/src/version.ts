// SPDX-License-Identifier: Apache-2.0
// The app's version: package.json's "version", read as a JSON import so Vite, Vitest, tsc and the
// headless bundle all see the same value. At the bottom of web/src: every layer may import it, and it
// imports nothing of the app. DOM-free.
import { version } from '../../package.json';

export const APP_VERSION: string = version;
