// SPDX-License-Identifier: Apache-2.0
// A tokenizer's Web Worker (tokenize-web.ts starts one per text from the core's worker): one job, its messages back.
import { runTokenizeJob, type TokenizeJob } from './tokenize';

self.onmessage = (event: MessageEvent<TokenizeJob>) =>
  runTokenizeJob(event.data, (message) => self.postMessage(message));
