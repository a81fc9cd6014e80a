// SPDX-License-Identifier: Apache-2.0
// One figure's section of the results area: its title, body, caption with the run's stamp, the Table toggle (the
// figure's data as a table, built when opened) and the export buttons.
import type { Figure } from '../../experiments/schema';
import type { ExportFormat, FigureData } from '../../plots';
import { h } from '../dom';
import { tableElement, tableView } from './figure-table';

/** A figure that may give its own JSON export data (e.g. a heatmap's grid instead of one row per cell). */
export type ExportableFigure = Figure & { data?: () => FigureData };

export type ExportHandler = (figure: ExportableFigure, element: Element, format: ExportFormat) => void;

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'svg', label: 'SVG' },
  { format: 'png', label: 'PNG' },
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

export function figureSection(figure: Figure, caption: string, onExport: ExportHandler, openTables: Set<string>) {
  const titleId = `figure-${figure.id}-title`;
  const body = h('div', { class: 'figure-body' });
  const exports = h(
    'div',
    { class: 'export', role: 'group', 'aria-label': `Export ${figure.title}`, 'data-ui': 'export' },
    h('span', { class: 'export-label', 'aria-hidden': 'true' }, 'Export'),
  );
  for (const { format, label } of FORMATS) {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'secondary small',
        'data-export': format,
        'aria-label': `Export ${figure.title} as ${label}`,
      },
      label,
    );
    button.addEventListener('click', () => onExport(figure, body.firstElementChild ?? body, format));
    exports.append(button);
  }
  const summary = h('p', { class: 'sr-only figure-summary', id: `figure-${figure.id}-summary` });
  const tableToggle = tableToggleFor(figure, openTables);
  const section = h(
    'section',
    { class: 'figure', 'data-figure': figure.id, 'aria-labelledby': titleId, 'aria-describedby': summary.id },
    h('h2', { id: titleId }, figure.title),
    body,
    summary,
    h(
      'p',
      { class: 'figure-caption' },
      figure.description ? `${figure.description} ` : '',
      h('span', { class: 'stamp' }, caption),
    ),
    h('div', { class: 'figure-tools' }, tableToggle.button, exports),
    tableToggle.panel,
  );
  return { section, figure, body, summary, tableToggle };
}

/**
 * The "Table" button and the region it opens: the figure's data as a table, built when opened
 * (not with every run). Not part of the export group, so hide=export keeps it.
 */
function tableToggleFor(figure: Figure, openTables: Set<string>) {
  const panel = h('div', {
    class: 'figure-table',
    id: `figure-${figure.id}-table`,
    hidden: true,
    role: 'region',
    tabindex: 0,
    'aria-label': `${figure.title}: data table`,
  });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'secondary small table-toggle',
      'data-table-toggle': '',
      'aria-expanded': 'false',
      'aria-controls': panel.id,
      'aria-label': `Show ${figure.title} as a table`,
    },
    'Table',
  );
  const setOpen = (open: boolean) => {
    if (open) {
      try {
        panel.replaceChildren(tableElement(tableView(figure.table()), figure.title));
      } catch (error) {
        panel.replaceChildren(
          h(
            'p',
            { class: 'figure-error', role: 'alert' },
            `This figure's data could not be listed: ${(error as Error).message}`,
          ),
        );
      }
    } else panel.replaceChildren();
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', `${open ? 'Hide' : 'Show'} ${figure.title} as a table`);
    if (open) openTables.add(figure.id);
    else openTables.delete(figure.id);
  };
  button.addEventListener('click', () => setOpen(panel.hidden));
  return { button, panel, open: () => setOpen(true) };
}
