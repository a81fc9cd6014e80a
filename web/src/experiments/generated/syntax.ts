// SPDX-License-Identifier: Apache-2.0
// Generated from the core's value syntax (`attnlab --syntax`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** A number as the core reads it (numerics/shared/decimal.hpp): -?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?, the whole text. */
export const DECIMAL = new RegExp("^(?:-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?)$");
/** The longest number text the core reads. */
export const DECIMAL_MAX_LENGTH = 64;
/** A text value as the core reads it (lab/value_syntax.hpp): ! to ~ without "'#&=%\. */
export const TEXT = new RegExp("^[!$()*+,\\-./0123456789:;<>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]\\^_`abcdefghijklmnopqrstuvwxyz{|}~]+$");
/** The characters a text value may not hold, as the core lists them. */
export const TEXT_EXCLUDED = "\"'#&=%\\";
