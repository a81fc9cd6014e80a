// SPDX-License-Identifier: Apache-2.0
// Builds .npy files in memory for tests, byte for byte as numpy writes them (docs/theory/rank.md#head-inputs).

/** A .npy file: magic, version, padded dict header, data (values as given, raw bits for <f2). */
export function npy(
  descr: string,
  shape: number[],
  values: number[],
  options: { fortran?: boolean; version?: 1 | 2 } = {},
): Uint8Array {
  const version = options.version ?? 1;
  const dict =
    `{'descr': '${descr}', 'fortran_order': ${options.fortran ? 'True' : 'False'}, ` +
    `'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const prefix = version === 1 ? 10 : 12;
  const padded = dict + ' '.repeat(64 - ((prefix + dict.length + 1) % 64)) + '\n';
  const size = { '<f8': 8, '<f4': 4, '<i4': 4, '>f8': 8, '<f2': 2, '|O': 8 }[descr] ?? 8;
  const bytes = new Uint8Array(prefix + padded.length + values.length * size);
  const view = new DataView(bytes.buffer);
  bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  if (version === 1) view.setUint16(8, padded.length, true);
  else view.setUint32(8, padded.length, true);
  bytes.set(
    [...padded].map((c) => c.charCodeAt(0)),
    prefix,
  );
  values.forEach((x, k) => {
    const o = prefix + padded.length + k * size;
    if (descr === '<f8') view.setFloat64(o, x, true);
    else if (descr === '>f8') view.setFloat64(o, x, false);
    else if (descr === '<f4') view.setFloat32(o, x, true);
    else if (descr === '<i4') view.setInt32(o, x, true);
    else if (descr === '<f2') view.setUint16(o, x, true); // raw half-precision bits
  });
  return bytes;
}
