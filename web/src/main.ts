// attnlab entry: styles (KaTeX's CSS and fonts bundled from node_modules, no CDN) and the app.
import 'katex/dist/katex.min.css';
import './styles.css';
import { App } from './ui/app';

new App().start();
