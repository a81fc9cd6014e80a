// SPDX-License-Identifier: Apache-2.0
// The scripts the site ships for host pages, built from web/src/protocol/ (each imports the one protocol module,
// messages.ts) and written at the URLs hosts already use, beside index.html: the Vite plugin below emits them into
// dist/ on every site build and serves them on the dev server. Each is one self-contained file: the host script and
// the element are classic scripts (an IIFE, for <script src>), the widget an ES module (anywidget imports it).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

interface PublicClient {
  /** The file's name in the site, as hosts load it. */
  file: string;
  /** Its source under web/src/protocol/. */
  source: string;
  format: 'iife' | 'es';
}

export const PUBLIC_CLIENTS: readonly PublicClient[] = [
  { file: 'attnlab-embed-host.js', source: 'attnlab-embed-host.ts', format: 'iife' },
  { file: 'attnlab-figure.js', source: 'attnlab-figure.ts', format: 'iife' },
  { file: 'attnlab-widget.js', source: 'attnlab-widget.ts', format: 'es' },
];

const protocolDir = join(dirname(fileURLToPath(import.meta.url)), 'src', 'protocol');

/** One client bundled with what it imports into a single file's text (readable: not minified). */
export async function bundleClient(client: PublicClient): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: false,
      target: 'es2020',
      lib: {
        entry: join(protocolDir, client.source),
        formats: [client.format],
        fileName: () => client.file,
        ...(client.format === 'iife' ? { name: 'attnlab' } : {}),
      },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]).flatMap((b) => ('output' in b ? b.output : []));
  const chunk = outputs.find((o) => o.type === 'chunk' && o.fileName === client.file);
  if (!chunk || chunk.type !== 'chunk') throw new Error(`public clients: ${client.file} was not built`);
  return `// SPDX-License-Identifier: Apache-2.0\n// Built from web/src/protocol/${client.source}.\n${chunk.code}`;
}

/** Emits every client into the site's build, and serves it on the dev server (the site's own build only). */
export function publicClients(): Plugin {
  let skip = false;
  return {
    name: 'attnlab-public-clients',
    configResolved(config) {
      skip = Boolean(config.build.ssr) || Boolean(config.build.lib);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const client = PUBLIC_CLIENTS.find((c) => request.url?.split('?')[0].endsWith(`/${c.file}`));
        if (!client) return next();
        bundleClient(client).then((code) => {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(code);
        }, next);
      });
    },
    async generateBundle() {
      if (skip) return;
      for (const client of PUBLIC_CLIENTS)
        this.emitFile({ type: 'asset', fileName: client.file, source: await bundleClient(client) });
    },
  };
}
