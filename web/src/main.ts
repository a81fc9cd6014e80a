// SPDX-License-Identifier: Apache-2.0
// attnlab entry: styles, the app, and its offline copy with the update notice (KaTeX, its CSS and fonts
// come with the explanations, loaded after the first figure: experiments/tex.ts).
import { registerSW } from 'virtual:pwa-register';
import './styles/base.css'; // the themes, controls and embed modes
import './styles/page.css'; // the page's layout, the panel, the phone sheet, dialogs
import './styles/landing.css'; // the landing page and gallery
import { App } from './ui/app';
import { offerUpdates, pageNotice } from './ui/shell/update-notice';

performance.mark('attnlab:start'); // the first-paint benchmark reads these marks (bench/first-paint.mjs)
const app = new App();
app.start();
// The offline copy downloads the whole app (~5 MB): it is set up once the first figures are up (or the page has
// nothing to compute) and no run has been in progress for a few seconds, never in their way (downloading it
// while a reader's first run computed made that run about 0.9 s slower on 2 cores).
const QUIET_BEFORE_OFFLINE_MS = 3000;
void app.settled
  .then(() => {
    app.prepareCore(); // the workers load the open experiment's core now, not when Run is pressed
    return app.whenQuiet(QUIET_BEFORE_OFFLINE_MS);
  })
  .then(() => offerUpdates(registerSW, pageNotice()));
