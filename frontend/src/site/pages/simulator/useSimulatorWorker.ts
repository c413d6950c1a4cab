import { useCallback, useEffect, useRef, useState } from 'react';
import type { SimulatorView } from '../../../../../common/simulator/view.js';
import type { SimulatorRequest, SimulatorResponse } from './simulator-messages.js';

export type WorkerState =
  | { status: 'idle' }
  | { status: 'running'; done: number }
  | { status: 'done'; view: SimulatorView }
  | { status: 'error'; message: string };

/** One Web Worker for the page's life, started on the first run; its answers as state. */
export function useSimulatorWorker(): [WorkerState, (request: SimulatorRequest) => void] {
  const worker = useRef<Worker | null>(null);
  const [state, setState] = useState<WorkerState>({ status: 'idle' });

  useEffect(() => () => worker.current?.terminate(), []);

  const send = useCallback((request: SimulatorRequest) => {
    if (!worker.current) {
      worker.current = new Worker(new URL('./simulator.worker.ts', import.meta.url), { type: 'module' });
      worker.current.onmessage = (event: MessageEvent<SimulatorResponse>) => {
        const m = event.data;
        if (m.type === 'progress') setState({ status: 'running', done: m.done });
        else if (m.type === 'done') setState({ status: 'done', view: m.view });
        else setState({ status: 'error', message: m.message });
      };
    }
    if (request.type === 'run') setState({ status: 'running', done: 0 });
    worker.current.postMessage(request);
  }, []);

  return [state, send];
}
