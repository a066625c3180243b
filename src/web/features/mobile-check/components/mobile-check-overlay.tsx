import { CheckCircle2, Loader2, Play, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import {
  deviceTypeOf,
  measureOverflow,
  MOBILE_CHECK_SETTLE_MS,
  MOBILE_CHECK_VIEWPORTS,
  type OverflowMeasure,
  type Viewport,
} from '../lib/viewports';

type Result = { status: 'waiting' } | { status: 'checking' } | ({ status: 'done' } & OverflowMeasure) | { status: 'failed' };

/** The preview is drawn at this width at most; the frame inside keeps the viewport's real size. */
const PREVIEW_WIDTH = 320;
const PREVIEW_HEIGHT = 260;

const FIRST_PAINT_TIMEOUT_MS = 5000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The mobile check (docs/product.md, Mobile check): renders the current page in a same-origin frame at each viewport, gives
 * it 500 ms, then measures whether anything overflows horizontally (the frame's scrollWidth against
 * its clientWidth). Real layout, real measurement: nothing is simulated.
 */
export default function MobileCheckOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('mobile-check');
  const frame = useRef<HTMLIFrameElement>(null);
  // Each run has a number; a newer run (or closing) makes an older one stop where it is.
  const currentRun = useRef(0);
  const started = useRef(false);
  const [viewport, setViewport] = useState<Viewport>(MOBILE_CHECK_VIEWPORTS[0]);
  const [results, setResults] = useState<Result[]>(() => MOBILE_CHECK_VIEWPORTS.map(() => ({ status: 'waiting' })));
  const [running, setRunning] = useState(true);
  const [src] = useState(() => `${window.location.pathname}${window.location.search}${window.location.hash}`);

  const run = useCallback(async () => {
    const id = ++currentRun.current;
    const stale = () => currentRun.current !== id;
    const setResult = (index: number, result: Result) => setResults((current) => current.map((r, i) => (i === index ? result : r)));
    setRunning(true);
    setResults(MOBILE_CHECK_VIEWPORTS.map(() => ({ status: 'waiting' })));
    // The page inside draws its content after its load event (lazy chunks): wait for its main
    // landmark, up to a few seconds.
    for (let waited = 0; waited < FIRST_PAINT_TIMEOUT_MS && !frame.current?.contentDocument?.getElementById('main'); waited += 100) {
      await wait(100);
    }
    for (const [index, next] of MOBILE_CHECK_VIEWPORTS.entries()) {
      if (stale()) return;
      setViewport(next);
      setResult(index, { status: 'checking' });
      await wait(MOBILE_CHECK_SETTLE_MS);
      if (stale()) return;
      const doc = frame.current?.contentDocument;
      setResult(index, doc ? { status: 'done', ...measureOverflow(doc) } : { status: 'failed' });
    }
    setRunning(false);
  }, []);

  // Closing the overlay stops a run where it is.
  useEffect(
    () => () => {
      currentRun.current += 1;
    },
    [],
  );

  const scale = Math.min(1, PREVIEW_WIDTH / viewport.width, PREVIEW_HEIGHT / viewport.height);
  const finished = results.filter((r) => r.status === 'done' || r.status === 'failed').length;
  const problems = results.filter((r) => r.status === 'failed' || (r.status === 'done' && r.overflow > 0)).length;

  return (
    <Dialog open title={t('title')} description={t('description')} onClose={onClose} size="xl" testId="mobile-check">
      <div className="grid gap-6 md:grid-cols-[auto_1fr]">
        <figure className="flex flex-col items-center gap-2">
          {/* Layout direction of the preview box is fixed, so the scaled frame sits in its corner in RTL too. */}
          <div
            dir="ltr"
            className="relative overflow-hidden rounded-lg border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
            style={{ width: Math.round(viewport.width * scale), height: Math.round(viewport.height * scale) }}
          >
            <iframe
              ref={frame}
              src={src}
              // Reachable by keyboard like any frame: the preview is a working page someone may try.
              title={t('frameTitle')}
              // The frame's document loads once; the check starts then, and every viewport only resizes it.
              onLoad={() => {
                if (started.current) return;
                started.current = true;
                void run();
              }}
              width={viewport.width}
              height={viewport.height}
              className="absolute start-0 top-0 origin-top-left border-0 bg-white"
              style={{ width: viewport.width, height: viewport.height, transform: `scale(${scale})` }}
              data-testid="mobile-check-frame"
            />
          </div>
          <figcaption className="text-sm text-slate-700 dark:text-slate-300">
            {t('viewport', { width: viewport.width, height: viewport.height })} · {t(`device.${deviceTypeOf(viewport.width)}`)}
          </figcaption>
        </figure>

        <div className="flex min-w-0 flex-col gap-3">
          <p role="status" aria-live="polite" className="text-sm font-medium" data-testid="mobile-check-summary">
            {running
              ? t('progress', { done: finished, total: MOBILE_CHECK_VIEWPORTS.length })
              : problems === 0
                ? t('allPassed')
                : t('someFailed', { count: problems })}
          </p>
          <table className="w-full text-sm" data-testid="mobile-check-results">
            <thead>
              <tr className="border-b border-slate-200 text-start dark:border-slate-700">
                <th scope="col" className="py-1 text-start font-medium">
                  {t('columns.viewport')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('columns.device')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('columns.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {MOBILE_CHECK_VIEWPORTS.map((v, index) => {
                const result = results[index]!;
                return (
                  <tr
                    key={`${v.width}x${v.height}`}
                    className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                    data-testid="mobile-check-row"
                  >
                    <td className="py-1.5 tabular-nums">{t('viewport', { width: v.width, height: v.height })}</td>
                    <td className="py-1.5">{t(`device.${deviceTypeOf(v.width)}`)}</td>
                    <td
                      className="py-1.5"
                      data-status={result.status === 'done' ? (result.overflow > 0 ? 'overflow' : 'ok') : result.status}
                    >
                      <ResultText result={result} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div>
            <Button variant="secondary" onClick={() => void run()} disabled={running}>
              <Play className="size-4" aria-hidden="true" />
              {t('runAgain')}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}

function ResultText({ result }: { result: Result }) {
  const { t } = useTranslation('mobile-check');
  if (result.status === 'waiting') return <span className="text-slate-600 dark:text-slate-400">{t('status.waiting')}</span>;
  if (result.status === 'checking') {
    return (
      <span className="inline-flex items-center gap-1">
        <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t('status.checking')}
      </span>
    );
  }
  if (result.status === 'failed') return <span className="text-red-700 dark:text-red-400">{t('status.failed')}</span>;
  if (result.overflow > 0) {
    return (
      <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-400">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {t('status.overflow', { px: result.overflow })}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
      <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
      {t('status.ok')}
    </span>
  );
}
