// attnlab entry: styles (KaTeX's CSS and fonts bundled from node_modules, no CDN), the app, and its
// offline copy with the update notice.
import 'katex/dist/katex.min.css';
import { registerSW } from 'virtual:pwa-register';
import './styles.css';
import { App } from './ui/app';
import { offerUpdates, pageNotice } from './ui/update-notice';

new App().start();
offerUpdates(registerSW, pageNotice());
