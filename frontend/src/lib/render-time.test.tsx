import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { useState } from 'react';
import { RenderTimeProvider, useRenderTime } from './render-time.js';

const SERVER_TIME = new Date('2026-11-29T09:00:00Z');

let renders = 0;

function Stamp({ label }: { label: string }) {
  renders++;
  return <p>{`${label}: ${useRenderTime().toISOString()}`}</p>;
}

function Page() {
  const [later, setLater] = useState(false);
  return (
    <>
      <Stamp label="hydrated" />
      {later ? <Stamp label="navigated" /> : <button type="button" onClick={() => setLater(true)}>open</button>}
    </>
  );
}

describe('useRenderTime', () => {
  it('gives the first render the server\'s time without rendering again, and a page opened later the clock\'s', () => {
    renders = 0;
    render(<RenderTimeProvider time={SERVER_TIME}><Page /></RenderTimeProvider>);
    expect(screen.getByText(`hydrated: ${SERVER_TIME.toISOString()}`)).toBeTruthy();
    // Dropping the server's time after the first commit re-renders no page (on /discounts, every card).
    expect(renders).toBe(1);

    act(() => screen.getByRole('button', { name: 'open' }).click());
    const navigated = screen.getByText(/^navigated: /).textContent!.slice('navigated: '.length);
    expect(new Date(navigated).getTime()).toBeGreaterThan(SERVER_TIME.getTime());
    expect(screen.getByText(`hydrated: ${SERVER_TIME.toISOString()}`)).toBeTruthy();
  });
});
