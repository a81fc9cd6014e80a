// SPDX-License-Identifier: Apache-2.0
// The page never prints "null", "NaN" or "undefined" as a number. The core writes a value it did not
// compute (a bound that does not apply, a certificate that was not run, a job still missing) as JSON
// null; a view that formats it with a template string would print the word. Every experiment's
// headline goes through readableHeadline when it is registered (experiments/index.ts).
import type { ExperimentId, ExperimentMeta, Headline } from './schema';

/** "—" for a value not computed, "∞" for an infinite one. */
function readableText(text: string): string {
  return text
    .replace(/\b(?:null|NaN|undefined)\b/g, '—')
    .replace(/-Infinity\b/g, '−∞')
    .replace(/\bInfinity\b/g, '∞');
}

function readableHeadline(item: Headline): Headline {
  const value = readableText(item.value),
    label = readableText(item.label);
  if (value === item.value && label === item.label) return item;
  return { ...item, label, value, help: item.help ?? 'Not computed for these parameters.' };
}

/** The experiment with its headline made readable (see above). */
export function withReadableHeadline<Id extends ExperimentId>(meta: ExperimentMeta<Id>): ExperimentMeta<Id> {
  return { ...meta, headline: (result, values) => meta.headline(result, values).map(readableHeadline) };
}
