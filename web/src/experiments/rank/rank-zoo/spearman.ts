// SPDX-License-Identifier: Apache-2.0
// The rank-zoo association statistics as the page shows them: Spearman's ρ of a constant variable is undefined (no
// ranking to correlate), so it is shown as "—", never as the number the core writes in its place.
import type { RankZooResult } from '../../generated/rank-zoo';

type Row = RankZooResult['rows'][number];

/** ρ named `name` ("tau:nonVacuous", "tau:-kSvd", …), or undefined when one of its variables is constant. */
export function definedRho(r: RankZooResult, name: string): number | undefined {
  const constant = (of: (row: Row) => unknown) => new Set(r.rows.map(of)).size <= 1;
  const undefinedRho =
    constant((row) => row.reductionTau) ||
    (name === 'tau:nonVacuous' && constant((row) => row.nonVacuous)) ||
    (name === 'tau:-kSvd' && constant((row) => row.kSvd));
  return undefinedRho ? undefined : r.spearman.find((s) => s.name === name)?.rho;
}
