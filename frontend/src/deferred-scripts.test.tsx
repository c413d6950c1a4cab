import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER, DEFERRED_TAGS_PER_TASK } from '../../common/deferred-scripts.js';

const TAGS = [
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  ...Array.from({ length: 9 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`),
];

const URLS = TAGS.map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)![1]);

/** The URLs of the tags now in the head, in order. */
function loaded(): string[] {
  return [...document.head.querySelectorAll(':scope > script, :scope > link')].map((e) => e.getAttribute('src') ?? e.getAttribute('href')!);
}

describe('the deferred scripts loader', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = `<template id="${DEFERRED_SCRIPTS_ID}">${TAGS.join('')}</template>`;
    // A hidden tab loads them once the document is parsed (jsdom has no paint timing).
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('moves every tag into the head in the build\'s order, a few per task, so no task blocks a tap for long', () => {
    new Function(DEFERRED_SCRIPTS_LOADER)();
    expect(loaded()).toEqual(URLS.slice(0, DEFERRED_TAGS_PER_TASK));

    jest.advanceTimersToNextTimer();
    expect(loaded()).toEqual(URLS.slice(0, 2 * DEFERRED_TAGS_PER_TASK));

    jest.runAllTimers();
    expect(loaded()).toEqual(URLS);
    const script = document.head.querySelector(':scope > script')!;
    expect([script.getAttribute('type'), script.hasAttribute('crossorigin')]).toEqual(['module', true]);
  });
});
