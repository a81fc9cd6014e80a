// SPDX-License-Identifier: Apache-2.0
// The service worker (built to dist/sw.js by vite-plugin-pwa, registered by ui/shell/update-notice.ts):
// serves the whole app from its precache, so it runs offline after the first visit. The build
// injects the file list with each entry's revision (content hash), which ties the cache to the build.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

// A new version waits until the reader presses Reload (ui/shell/update-notice.ts): a running computation is never cut
// short.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
setCacheNameDetails({ prefix: 'attnlab' }); // the cache is named after the app in the browser's site data
clientsClaim(); // the first visit's page is served by the worker as soon as it is installed
// The state is in the hash; a query string (a host's tracking tag) must not miss the precached page.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();
