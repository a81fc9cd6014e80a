// SPDX-License-Identifier: Apache-2.0
// An array of doubles as a .npy file, version 1.0 of numpy's format (numpy.lib.format): the magic "\x93NUMPY", the
// version (1, 0), the header's length (2 bytes, little-endian), the header (a Python dict literal of descr,
// fortran_order and shape, padded with spaces and ended by a newline so that the data starts at a multiple of 64
// bytes), then the values as little-endian float64 in C (row-major) order. numpy.load and the core's own reader both
// take it.

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
/** numpy aligns the data to 64 bytes (numpy.lib.format.ARRAY_ALIGN). */
const ALIGN = 64;
/** magic, version (2 bytes) and the header's length (2 bytes, version 1.0). */
const PREFIX = MAGIC.length + 4;

/** The .npy bytes of `values` (row-major) with shape `shape`, as numpy.save writes a float64 array. */
export function npyBytes(shape: readonly number[], values: Float64Array): Uint8Array<ArrayBuffer> {
  const count = shape.reduce((a, b) => a * b, 1);
  if (count !== values.length)
    throw new Error(`npy: shape (${shape.join(', ')}) holds ${count} values, not ${values.length}`);
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  const dict = `{'descr': '<f8', 'fortran_order': False, 'shape': (${dims}), }`;
  const header = `${dict}${' '.repeat(ALIGN - ((PREFIX + dict.length + 1) % ALIGN))}\n`;
  const bytes = new Uint8Array(PREFIX + header.length + 8 * values.length);
  const view = new DataView(bytes.buffer);
  bytes.set([...MAGIC, 1, 0]);
  view.setUint16(MAGIC.length + 2, header.length, true);
  for (let i = 0; i < header.length; i++) bytes[PREFIX + i] = header.charCodeAt(i);
  const data = PREFIX + header.length;
  values.forEach((x, i) => view.setFloat64(data + 8 * i, x, true));
  return bytes;
}
