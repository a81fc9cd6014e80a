// SPDX-License-Identifier: Apache-2.0
// One form control per parameter, generated from its schema entry: label, input, unit, one-line
// help with the default and the bounds. Number inputs get a linked range slider where sensible.
import type { ParamSpec, ParamValue } from '../../experiments/schema';
import { formatValue } from '../../state/values';
import { h } from '../dom';
import { fromSliderPosition, sliderKind, SLIDER_STEPS, toSliderPosition } from './slider';

export interface Control {
  spec: ParamSpec;
  element: HTMLElement;
  /** The text as the user left it (parsed and validated by the caller). */
  read(): string;
  write(value: ParamValue): void;
  input: HTMLInputElement | HTMLSelectElement;
}

function boundsText(spec: ParamSpec): string {
  const unit = spec.unit ? ` ${spec.unit}` : '';
  if (spec.kind === 'enum')
    return `Default ${spec.options.find((o) => o.value === spec.default)?.label ?? spec.default}`;
  if (spec.kind === 'text') return `Default ${spec.default}`;
  const open = (o?: boolean) => (o ? ' (exclusive)' : '');
  // The seed's upper end is the largest exact integer of a double: written as a power, not 16 digits.
  const max = spec.max === Number.MAX_SAFE_INTEGER ? '2⁵³ − 1' : String(spec.max);
  const range =
    `${spec.min}${open('minOpen' in spec ? spec.minOpen : false)} ` +
    `– ${max}${open('maxOpen' in spec ? spec.maxOpen : false)}${unit}`;
  const count = spec.kind === 'intList' || spec.kind === 'realList' ? `, up to ${spec.maxCount} values` : '';
  return `Default ${formatValue(spec.default)} · range ${range}${count}`;
}

function numberControl(
  spec: ParamSpec & { kind: 'int' | 'real' },
  id: string,
): { input: HTMLInputElement; extra?: HTMLElement; sync: () => void } {
  const input = h('input', {
    type: 'number',
    id,
    name: spec.key,
    min: spec.min,
    max: spec.max,
    inputmode: spec.kind === 'int' ? 'numeric' : 'decimal',
    step: spec.kind === 'int' ? (spec.step ?? 1) : (spec.step ?? 'any'),
  });
  if (sliderKind(spec) === 'none') return { input, sync: () => undefined };
  // The number input is the accessible control; the slider is a pointer shortcut, so it is not in the tab order.
  const slider = h('input', {
    type: 'range',
    min: 0,
    max: SLIDER_STEPS,
    step: 1,
    tabindex: -1,
    'aria-hidden': 'true',
    class: 'slider',
  });
  const sync = () => {
    const x = Number(input.value);
    if (input.value !== '' && Number.isFinite(x)) slider.value = String(toSliderPosition(spec, x));
  };
  slider.addEventListener('input', () => {
    input.value = String(fromSliderPosition(spec, Number(slider.value)));
  });
  input.addEventListener('input', sync);
  return { input, extra: slider, sync };
}

export function createControl(spec: ParamSpec, idPrefix = 'param'): Control {
  const id = `${idPrefix}-${spec.key}`;
  const helpId = `${id}-help`;
  const label = h('label', { for: id }, spec.label, spec.unit ? h('span', { class: 'unit' }, ` (${spec.unit})`) : null);
  let input: HTMLInputElement | HTMLSelectElement;
  let extra: HTMLElement | undefined;
  let sync = () => undefined as void;
  if (spec.kind === 'enum') {
    input = h('select', { id, name: spec.key });
    for (const option of spec.options) input.append(h('option', { value: option.value }, option.label));
  } else if (spec.kind === 'int' || spec.kind === 'real') {
    ({ input, extra, sync } = numberControl(spec, id));
  } else if (spec.kind === 'text') {
    input = h('input', {
      type: 'text',
      id,
      name: spec.key,
      maxlength: spec.maxLength,
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: spec.default,
    });
  } else {
    input = h('input', {
      type: 'text',
      id,
      name: spec.key,
      inputmode: 'decimal',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: formatValue(spec.default),
    });
  }
  input.setAttribute('aria-describedby', helpId);
  const help = h(
    'p',
    { class: 'help', id: helpId },
    spec.help,
    h('span', { class: 'bounds' }, ` ${boundsText(spec)}.`),
  );
  const element = h(
    'div',
    { class: 'param', 'data-param': spec.key },
    label,
    h('div', { class: 'param-inputs' }, input, extra),
    help,
  );
  return {
    spec,
    element,
    input,
    read: () => input.value.trim(),
    write: (value) => {
      input.value = formatValue(value);
      sync();
    },
  };
}
