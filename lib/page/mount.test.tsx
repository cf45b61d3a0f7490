// @vitest-environment happy-dom
import { signal } from '@preact/signals-core';
import { Component } from 'preact';
import { mount } from './mount';

/** State of its own, in a signal on the class (components on arXiv pages use no hooks). */
class Toggle extends Component<{ label: string }> {
  open = signal(false);
  render({ label }: { label: string }) {
    return (
      <button type="button" onClick={() => (this.open.value = !this.open.value)}>
        {label} {this.open.value ? 'open' : 'closed'}
      </button>
    );
  }
}

describe('mount (how content scripts show their UI)', () => {
  it('renders again when a signal its components read changes, keeping their own state, until unmounted', () => {
    const label = signal('Panel');
    const root = document.createElement('div');
    let placed = 0;
    const unmount = mount(() => <Toggle label={label.value} />, root, () => placed++);
    expect(root.textContent).toBe('Panel closed');
    expect(placed).toBe(1);

    root.querySelector('button')!.click();
    expect(root.textContent).toBe('Panel open');
    label.value = 'Institutions';
    // The component kept its state through its parent's render.
    expect(root.textContent).toBe('Institutions open');
    expect(placed).toBe(3);

    unmount();
    expect(root.textContent).toBe('');
    label.value = 'Related';
    expect(root.textContent).toBe('');
    expect(placed).toBe(3);
  });

  it('does not follow what runs after each render', () => {
    const outside = signal(0);
    const root = document.createElement('div');
    let renders = 0;
    mount(() => <i>{++renders}</i>, root, () => void outside.value);
    outside.value = 1;
    expect(renders).toBe(1);
  });
});
