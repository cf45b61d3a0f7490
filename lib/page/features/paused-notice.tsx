/**
 * "Weft paused on this page": shown once the background answers that this page is past its
 * share of the day (docs/reliability.md, Messages), whichever feature's request it was; the
 * badges and panels that could not load say so too.
 *
 * Applies to: every arXiv page Weft runs on.
 */
import { effect } from '@preact/signals-core';
import { render } from 'preact';
import { PausedNotice } from '@/components/PausedNotice';
import { pausedCss } from '@/components/styles';
import { pausedUntil } from '../../ui/page-paused';
import { attachStyledShadow, createHost } from '../shadow-host';
import type { Feature } from './types';

export const pausedNotice: Feature = {
  id: 'paused-notice',
  shown: () => true,
  run({ signal: abort }) {
    let host: HTMLElement | null = null;
    const stop = effect(() => {
      const until = pausedUntil.value;
      if (until === null || abort.aborted) return;
      if (!host) {
        host = createHost('weft-notice');
        host.setAttribute('data-weft-paused', '');
        document.body.append(host);
      }
      render(<PausedNotice until={until} />, attachStyledShadow(host, pausedCss));
    });
    abort.addEventListener('abort', () => {
      stop();
      host?.remove();
    });
  },
};
