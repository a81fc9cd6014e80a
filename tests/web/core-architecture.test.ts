// SPDX-License-Identifier: Apache-2.0
// The rules of docs/ARCHITECTURE.md ("Layers") that a reader of wasm/core relies on, checked on every core file: the
// core's layers (numerics, lab, model, host) include downwards only, every C++ file name is snake_case, and every header is
// named after its source (x.hpp beside x.cpp), or defines all it declares, or is a folder's private x_detail.hpp.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const core = join(root, 'wasm/core');

function tree(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? tree(path) : [path];
  });
}
const coreFiles = tree(core).map((path) => ({ name: relative(core, path), text: readFileSync(path, 'utf8') }));

/** What each layer of wasm/core may include besides itself (docs/ARCHITECTURE.md, "Layers"). */
const MAY_INCLUDE: Record<string, string[]> = {
  numerics: [],
  lab: ['numerics'],
  model: ['lab', 'numerics'],
  host: ['model', 'lab', 'numerics'],
};

/**
 * Includes that still cross a layer upwards, each a known debt to pay (docs/ARCHITECTURE.md, "Layers"): result
 * structs of the maths declare their fields for JSON with ATTNLAB_FIELDS (lab/result_fields.hpp), two parsers of
 * rmt's options name their parameter errors (lab/schema.hpp), a sparse pattern is built from an uploaded array
 * (lab/inputs/parse_input.hpp) and names its parameter errors (lab/params.hpp). A new crossing fails; a paid one must leave the list.
 */
const KNOWN_CROSSINGS = [
  'numerics/kernels/softmax.hpp -> lab/json.hpp',
  'numerics/kernels/softmax.hpp -> lab/result_fields.hpp',
  'numerics/rank/interaction.hpp -> lab/result_fields.hpp',
  'numerics/rank/zoo.hpp -> lab/result_fields.hpp',
  'numerics/rmt/bulk_law.hpp -> lab/result_fields.hpp',
  'numerics/rmt/pooling_weights.cpp -> lab/schema.hpp',
  'numerics/rmt/pooling_weights.hpp -> lab/result_fields.hpp',
  'numerics/rmt/positional_model.cpp -> lab/schema.hpp',
  'numerics/sparse/pattern.cpp -> lab/params.hpp',
  'numerics/sparse/pattern.hpp -> lab/inputs/parse_input.hpp',
];

const layerOf = (name: string) => name.split('/')[0];

/** The quoted includes of a C++ file. */
const includesOf = (text: string) => [...text.matchAll(/^#include "([^"]+)"/gm)].map((m) => m[1]);

/** Every include of the core that goes up a layer, as "file -> included". */
function crossings(files: { name: string; text: string }[]): string[] {
  return files.flatMap((file) =>
    includesOf(file.text)
      .filter((inc) => layerOf(inc) !== layerOf(file.name) && !MAY_INCLUDE[layerOf(file.name)]?.includes(layerOf(inc)))
      .map((inc) => `${file.name} -> ${inc}`),
  );
}

/**
 * The free functions a header declares without defining them (`double bulkZ(double t);`), after comments,
 * preprocessor lines, macro calls and every brace block but a namespace's are taken out (a body ends its statement).
 */
function declaredOnly(header: string): string[] {
  let text = header
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/^\s*#.*$/gm, '')
    .replace(/^[A-Z_]+\(.*\)\s*$/gm, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (let inner = /([^{}]*)\{([^{}]*)\}/; ;) {
    const match = inner.exec(text);
    if (!match) break;
    const keep = /\bnamespace\s*\w*\s*$/.test(match[1]);
    text = text.replace(
      inner,
      keep ? `${match[1].replace(/\bnamespace\s*\w*\s*$/, ';')}${match[2]};` : `${match[1]} body;`,
    );
  }
  return text
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter((s) => /^[\w:<>,*& ]+[\s*&]([\w:~]+) ?\(.*\)( const)?( noexcept)?$/.test(s))
    .filter((s) => !s.slice(0, s.indexOf('(')).includes('=') && !/^(using|typedef|return|friend|template) /.test(s))
    .map((s) => /([\w:~]+) ?\(/.exec(s)?.[1] ?? s);
}

/** Headers named unlike their sources: no x.cpp beside x.hpp, functions declared here and defined elsewhere. */
function misnamedHeaders(files: { name: string; text: string }[]): string[] {
  return files
    .filter((f) => f.name.endsWith('.hpp') && !f.name.endsWith('_detail.hpp'))
    .filter((f) => !existsSync(join(core, f.name.replace(/\.hpp$/, '.cpp'))))
    .filter((f) => declaredOnly(f.text).length > 0)
    .map((f) => `${f.name}: ${declaredOnly(f.text).join(', ')}`);
}

describe("the core's layers include downwards only", () => {
  it('every file of wasm/core is in numerics/, lab/ or host/', () => {
    expect(coreFiles.map((f) => f.name).filter((name) => !(layerOf(name) in MAY_INCLUDE))).toEqual([]);
  });

  it('every quoted include names a core file from wasm/core, the one include root', () => {
    const missing = coreFiles.flatMap((f) =>
      includesOf(f.text)
        .filter((inc) => !existsSync(join(core, inc)))
        .map((inc) => `${f.name} -> ${inc}`),
    );
    expect(missing).toEqual([]);
  });

  it('numerics includes only numerics, lab numerics and lab, host anything in the core (but the known debts)', () => {
    expect(crossings(coreFiles).sort()).toEqual(KNOWN_CROSSINGS);
  });

  it('numerics knows nothing of JSON, and no layer of the core of Emscripten', () => {
    const numerics = coreFiles.filter((f) => layerOf(f.name) === 'numerics' && /<nlohmann\//.test(f.text));
    expect(numerics.map((f) => f.name)).toEqual([]);
    expect(coreFiles.filter((f) => /emscripten/.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('the rule sees the includes it checks', () => {
    const file = (name: string, inc: string) => ({ name, text: `#include "${inc}"\n` });
    expect(crossings([file('numerics/rank/point.cpp', 'lab/experiment.hpp')])).toHaveLength(1);
    expect(crossings([file('lab/sweep.cpp', 'host/command_line.hpp')])).toHaveLength(1);
    expect(crossings([file('host/command_run.cpp', 'lab/sweep.hpp')])).toEqual([]);
    expect(crossings([file('lab/sweep.cpp', 'numerics/shared/rng.hpp')])).toEqual([]);
  });
});

describe('C++ file names', () => {
  const cppFolders = ['wasm', 'tests/cpp', 'tests/fuzz', 'python', 'bench/native'];
  const cpp = cppFolders
    .flatMap((folder) => tree(join(root, folder)))
    .map((path) => relative(root, path))
    .filter((path) => /\.(cpp|hpp|h|cc)$/.test(path));

  it('are snake_case, one case everywhere', () => {
    expect(cpp.length).toBeGreaterThan(150);
    expect(cpp.filter((path) => !/^[a-z0-9_]+\.(cpp|hpp)$/.test(path.split('/').pop() ?? ''))).toEqual([]);
  });

  it('every header is named after its source, defines what it declares, or is a private x_detail.hpp', () => {
    expect(misnamedHeaders(coreFiles)).toEqual([]);
  });

  it('the rule sees what a header declares', () => {
    const header = `namespace attnlab {
// Z(t) (docs)
double bulkZ(double t, double delta,
             double gamma = 1.0);
inline double twice(double x) { return 2 * x; }
struct Edges { double lo(); };
ATTNLAB_FIELDS(Edges, lo)
inline constexpr double kMax = 1000;
std::vector<int> groups();
typedef float Lanes __attribute__((vector_size(16)));
template <class T>
Json shapeOf(const T*);
}`;
    expect(declaredOnly(header)).toEqual(['bulkZ', 'groups']);
  });
});
