import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { METHODOLOGY_PATH } from '../../../../../common/firm-pages.js';
import {
  DEFAULT_FORM, formValuesOf, readSimulatorForm, SIMULATOR_FIELDS as F, SIMULATOR_PATH, STAT_LABELS, STATS_DAYS, type SimulatorFormValues,
  type SimulatorPosted,
} from '../../../../../common/simulator/form.js';
import { SIMULATOR_TEXT } from '../../../../../common/simulator/text.js';
import type { CatalogueProgram } from '../../../../../common/simulator/view.js';
import { apiFetch } from '../../../lib/api.js';
import { SimulatorResults } from './SimulatorResults.js';
import type { Chosen } from './simulator-messages.js';
import { useSimulatorWorker } from './useSimulatorWorker.js';
import '../firms/firms.css';
import './simulator.css';

const catalogueQuery = { queryKey: ['simulator-catalogue'], queryFn: () => apiFetch<CatalogueProgram[]>('/_api/simulations/catalogue'), staleTime: 60_000 };

/**
 * /simulator (issue #28): a trader's own results, or simple statistics, against every program we list. With JavaScript
 * the engine runs in a Web Worker on their device; without, the form posts to the server (POST /simulator), which runs
 * the same engine and answers this page with the results (its route loader hands them in).
 */
export function SimulatorPage() {
  const posted = useLoaderData() as SimulatorPosted | null;
  const [params] = useSearchParams();
  const firm = posted?.values.firm || params.get('firm') || '';
  const initial: SimulatorFormValues = posted?.values ?? { ...DEFAULT_FORM, firm };
  const [hydrated, setHydrated] = useState(false);
  const [mode, setMode] = useState(initial.mode);
  const [fileName, setFileName] = useState<string | null>(null);
  const [formError, setFormError] = useState<SimulatorPosted['error'] | null>(null);
  const [worker, send] = useSimulatorWorker();
  const fileInput = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => setHydrated(true), []);
  // A finished run moves the focus to its results, so a screen reader hears them and a keyboard continues from there.
  const finished = worker.status === 'done';
  useEffect(() => {
    if (finished) resultsRef.current?.querySelector<HTMLElement>('#results-title')?.focus();
  }, [finished]);

  const error = formError ?? (worker.status === 'error' ? { field: 'csv' as const, message: worker.message } : (worker.status === 'idle' ? posted?.error : undefined));
  const view = worker.status === 'done' ? worker.view : worker.status === 'idle' ? posted?.view : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get(F.file);
    const fileText = file instanceof File && file.size > 0 ? await file.text() : undefined;
    const fields = Object.fromEntries([...data.entries()].filter(([, v]) => typeof v === 'string'));
    const read = readSimulatorForm(formValuesOf(fields, fileText));
    if (!read.ok) return setFormError({ field: read.field, message: read.message });
    setFormError(null);
    try {
      const catalogue = await queryClient.fetchQuery(catalogueQuery);
      send({ type: 'run', series: read.input.series, tradedOn: read.input.tradedOn, catalogue, firm: read.input.firm, chosen: read.input.chosen });
    } catch (e) {
      setFormError({ field: 'csv', message: e instanceof Error ? e.message : String(e) });
    }
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    const files = event.dataTransfer.files;
    if (!files.length || !fileInput.current) return;
    fileInput.current.files = files;
    setFileName(files[0]!.name);
    setMode('csv');
  }

  const invalid = (field: keyof SimulatorFormValues) => (error?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'sim-error' } : {});
  const running = worker.status === 'running';

  return (
    <div className="simulator-page">
      <section className="hero" aria-labelledby="sim-title">
        <div className="container">
          <p className="eyebrow">Challenge simulator</p>
          <h1 id="sim-title">{SIMULATOR_TEXT.heading}</h1>
          <p className="lead">{SIMULATOR_TEXT.description}</p>
        </div>
      </section>
      <div className="container sim-body">
        <section className="sim-explain" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <p>
            We replay your daily results 10,000 times in a shuffled order that keeps your streaks (a block bootstrap), scale them to
            each account size, and check every path against each program's rules: profit targets, daily and maximum loss, minimum
            days, time limit and consistency. The share of paths that pass is your chance; the price after our code and the cost of
            retrying give the expected cost of getting funded. <Link to={`${METHODOLOGY_PATH}#simulator`}>The method and its limits</Link>.
          </p>
          <p className="sim-privacy"><strong>{hydrated ? SIMULATOR_TEXT.private : SIMULATOR_TEXT.noScript}</strong></p>
        </section>

        <form className="card sim-form" method="post" action={SIMULATOR_PATH} encType="multipart/form-data" onSubmit={submit} noValidate>
          <fieldset className="sim-modes">
            <legend>Your results</legend>
            <label><input type="radio" name={F.mode} value="csv" checked={mode === 'csv'} onChange={() => setMode('csv')} /> A CSV of my results</label>
            <label><input type="radio" name={F.mode} value="stats" checked={mode === 'stats'} onChange={() => setMode('stats')} /> Simple statistics</label>
          </fieldset>

          <fieldset className="sim-csv">
            <legend>Your results as CSV</legend>
            <p className="sim-hint">
              Daily results (a <code>date,pnl</code> column pair) or a trade history exported from MetaTrader 5, cTrader, NinjaTrader,
              Tradovate or TradingView. At least 20 trading days; a year is better.
            </p>
            <label className="sim-drop" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
              <span>{fileName ? `Chosen: ${fileName}` : 'Drop your CSV file here or choose it'}</span>
              <input ref={fileInput} type="file" name={F.file} accept=".csv,.txt,.tsv,text/csv,text/plain" onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)} {...invalid('csv')} />
            </label>
            <label htmlFor="sim-csv-text">Or paste its text</label>
            <textarea id="sim-csv-text" name={F.csv} rows={6} defaultValue={initial.csv} placeholder={'date,pnl\n2025-01-02,412.50\n2025-01-03,-230'} spellCheck={false} {...invalid('csv')} />
          </fieldset>

          <fieldset className="sim-stats">
            <legend>Simple statistics</legend>
            <p className="sim-hint">We generate {STATS_DAYS} trading days from these. R is your risk per trade: an average win of 2 R wins twice what you risk.</p>
            <div className="sim-grid">
              {(Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>).map((key) => (
                <label key={key}>
                  {STAT_LABELS[key]}
                  <input name={F[key]} inputMode="decimal" defaultValue={initial[key]} {...invalid(key)} />
                </label>
              ))}
            </div>
          </fieldset>

          <div className="sim-grid">
            <label>
              Account size your results came from ($)
              <input name={F.tradedOn} inputMode="decimal" defaultValue={initial.tradedOn} required {...invalid('tradedOn')} />
            </label>
          </div>
          <input type="hidden" name={F.firm} value={firm} />
          {error && <p id="sim-error" className="field-error" role="alert">{error.message}</p>}
          <button type="submit" className="button" disabled={running}>{running ? 'Simulating…' : 'Simulate'}</button>
          {running && (
            <p className="sim-progress" role="status">
              <label htmlFor="sim-progress">Simulating on your device…</label>{' '}
              <progress id="sim-progress" max={1} value={worker.done} /> {Math.round(worker.done * 100)} %
            </p>
          )}
        </form>

        <div ref={resultsRef}>
          {view && (
            <SimulatorResults
              view={view} firm={firm || null} interactive={hydrated && worker.status === 'done'}
              onChoose={(chosen: Chosen) => send({ type: 'focus', chosen })}
            />
          )}
        </div>
      </div>
    </div>
  );
}
