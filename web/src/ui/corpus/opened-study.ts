// SPDX-License-Identifier: Apache-2.0
// A study over a corpus opened from a file (Open result…: what `attnlab combine` or `npm run lab -- rank-zoo model=…
// corpus=…` printed, or the page's own download), drawn above the run's figures as the page's own study is, with a
// Close; the run's figures and the link stay as they were.
import type { CorpusStudy } from '../../state/study-file';
import { h } from '../dom';
import type { StatusView } from '../shell/status';
import { corpusResults } from './corpus-results';

export function showOpenedStudy(
  study: CorpusStudy,
  name: string,
  notes: string[],
  status: Pick<StatusView, 'clearError' | 'showNotices'>,
): void {
  document.getElementById('corpus-results')?.remove();
  const section = corpusResults(study, { link: `opened from file ${name}`, values: {}, file: name });
  const close = h('button', { type: 'button', class: 'secondary small', id: 'corpus-close' }, 'Close the study');
  close.addEventListener('click', () => section.remove());
  section.querySelector('h2')?.after(close);
  const headline = document.getElementById('headline');
  if (headline) headline.before(section);
  else document.body.append(section);
  status.clearError();
  const said = notes.length ? ` ${notes.join('; ')}.` : '';
  status.showNotices([
    `Opened ${name}: a study over a corpus (${study.heads.length} heads, ${study.rows.length} rows), drawn above ` +
      `the figures. Nothing was computed here.${said}`,
  ]);
  section.scrollIntoView?.({ block: 'start' });
}
