// attnlab entry: styles, the app, and its offline copy with the update notice (KaTeX, its CSS and fonts
// come with the explanations, loaded after the first figure: experiments/tex.ts).
import { registerSW } from 'virtual:pwa-register';
import './styles/base.css'; // the themes, controls and embed modes
import './styles/page.css'; // the page's layout, the panel, the phone sheet, dialogs
import './styles/landing.css'; // the landing page and gallery
import { App } from './ui/app';
import { offerUpdates, pageNotice } from './ui/update-notice';

performance.mark('attnlab:start'); // the first-paint benchmark reads these marks (bench/first-paint.mjs)
const app = new App();
app.start();
// The offline copy downloads the whole app (~2.8 MB): it is set up once the first figures are up (or the
// page has nothing to compute), never in their way.
void app.settled.then(() => offerUpdates(registerSW, pageNotice()));
