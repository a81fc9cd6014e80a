// SPDX-License-Identifier: Apache-2.0
// Tokenizing that cannot hang: a tokenizer.json's patterns run in JavaScript's backtracking regular expressions, where
// `(a+)+$` on 41 characters takes hours, so each text is tokenized in a worker of its own (tokenize-web.ts in the page,
// tokenize-node.ts headless) that is terminated when it takes too long or when the reader stops.
import { ModelError } from './model-files';
import { backtrackingPattern, type TokenizeJob, type TokenizeMessage } from './tokenize';

/** Starts a tokenizer's worker on a job: its messages go to onMessage, its failure to onError; returns terminate. */
export type TokenizeRunner = (
  job: TokenizeJob,
  onMessage: (message: TokenizeMessage) => void,
  onError: (error: Error) => void,
) => () => void;

/** Most seconds to tokenize one text (at most 20,000 characters; a real tokenizer takes well under one). */
export const TOKENIZE_SECONDS = 10;
/** Most seconds to build the tokenizer from tokenizer.json (at most 64 MiB) before tokenizing. */
const TOKENIZER_BUILD_SECONDS = 60;

export interface TokenizeLimits {
  /** Seconds for tokenizing, TOKENIZE_SECONDS unless given. */
  seconds?: number;
  /** Asked every 200 ms while the worker runs: true stops it (the answer is then ModelError('stopped')). */
  stopped?: () => boolean | Promise<boolean>;
}

/** A pattern in a one-line message: control characters escaped, at most 60 characters. */
const shown = (pattern: string) =>
  JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern).slice(1, -1);

/** The job's ids and tokens from a worker of `run`, or a ModelError naming tokenizer.json and why not. */
export function tokenizeWithin(
  run: TokenizeRunner,
  job: TokenizeJob,
  { seconds = TOKENIZE_SECONDS, stopped }: TokenizeLimits = {},
): Promise<{ ids: number[]; tokens: string[] }> {
  return new Promise((resolve, reject) => {
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const finish = (settle: () => void) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      clearInterval(poll);
      terminate();
      settle();
    };
    const fail = (message: string) => finish(() => reject(new ModelError(message)));
    const terminate = run(
      job,
      (message) => {
        if (!('ready' in message))
          return finish(() => (message.ok ? resolve(message) : reject(refusal(message.error))));
        clearTimeout(timer);
        timer = setTimeout(() => {
          const pattern = backtrackingPattern(job.tokenizerJson);
          const why = pattern
            ? `its pattern '${shown(pattern)}' may backtrack catastrophically`
            : 'a pattern of its normalizer or pre-tokenizer may backtrack catastrophically';
          fail(`tokenizer.json: tokenizing took more than ${seconds} s (${why})`);
        }, seconds * 1000);
      },
      (error) => fail(`tokenizer.json: the tokenizer's worker failed (${error.message.split('\n')[0]})`),
    );
    timer = setTimeout(
      () => fail(`tokenizer.json: building the tokenizer took more than ${TOKENIZER_BUILD_SECONDS} s`),
      TOKENIZER_BUILD_SECONDS * 1000,
    );
    if (stopped)
      poll = setInterval(() => {
        void Promise.resolve(stopped()).then((stop) => {
          if (stop) fail('stopped');
        });
      }, 200);
  });
}

/** A tokenizer's refusal, named by its file (tokenizerFrom's messages start with it). */
function refusal(message: string): ModelError {
  return new ModelError(message.startsWith('tokenizer') ? message : `tokenizer.json: ${message}`);
}
