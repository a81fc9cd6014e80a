// SPDX-License-Identifier: Apache-2.0
// A static file server for dist/ mounted under a sub-folder, as a plain static host would serve it:
// no special headers, .wasm as application/wasm, 404 for anything outside the folder. A test may add
// files of its own and a tag at the top of every page's <head> (engines.mjs: WebKit's error capture).
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
};

/**
 * Serves `dir` at http://127.0.0.1:<free port><mount>; resolves once listening. `headers` go on every response (e.g. a
 * CSP). `extra.files` maps names under the mount to their text; `extra.head` is inserted right after every page's
 * <head>.
 */
export function serveStatic(dir, mount, headers = {}, extra = {}) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (!path.startsWith(mount)) return void response.writeHead(404).end('not found');
    const added = extra.files?.[path.slice(mount.length)];
    if (added !== undefined)
      return void response
        .writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'text/plain', ...headers })
        .end(added);
    let file = normalize(join(dir, path.slice(mount.length)));
    if (!file.startsWith(dir)) return void response.writeHead(403).end('forbidden');
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      statSync(file);
    } catch {
      return void response.writeHead(404).end('not found');
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
    if (extra.head && extname(file) === '.html')
      return void response.end(readFileSync(file, 'utf8').replace(/<head>/i, (tag) => tag + extra.head));
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
