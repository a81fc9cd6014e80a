// SPDX-License-Identifier: Apache-2.0
// The heads read from a model: what "Your own model" hands the panel (as the experiment's Q and K) and what a head's
// attention map is computed from. Below both, so neither imports the other for it.
import type { ModelInfo } from '../../engine/model-pass';
import type { ModelHeads } from '../../engine/model-worker';
import type { ModelLink } from '../../state/model-link';

/** The heads read, for the panel to use as the experiment's Q and K. */
export interface ReadHeads {
  heads: ModelHeads;
  info: ModelInfo;
  link: ModelLink;
}
